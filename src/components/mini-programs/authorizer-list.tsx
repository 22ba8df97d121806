'use client';

import Link from 'next/link';
import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { api } from '@/trpc/react';
import { providerLabel } from './provider-label';
import { ErrorAlert } from './trpc-error';

/** The platform's mini programs; each row leads to its pipeline. */
export function AuthorizerList() {
  const { t, format } = useI18n();
  const { platformId } = useMembership();
  const list = api.miniPrograms.authorizers.useQuery({ platformId });
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="authorizers-heading">
      <h2 id="authorizers-heading">{t('miniPrograms.list.heading')}</h2>
      {list.isLoading && <p>{t('common.loading')}</p>}
      <ErrorAlert error={list.error} />
      {list.data && rows.length === 0 && (
        <div className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0">
          <p>{t('miniPrograms.list.empty')}</p>
          <p className="text-muted-foreground">{t('miniPrograms.list.emptyHint')}</p>
        </div>
      )}
      {rows.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('miniPrograms.list.col.name')}</th>
                <th scope="col">{t('miniPrograms.list.col.appId')}</th>
                <th scope="col">{t('miniPrograms.list.col.provider')}</th>
                <th scope="col">{t('miniPrograms.list.col.seller')}</th>
                <th scope="col">{t('miniPrograms.list.col.status')}</th>
                <th scope="col">{t('miniPrograms.list.col.authorizedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={`${a.platform}:${a.appId}`}>
                  <td>
                    <Link
                      href={`/platforms/${platformId}/mini-programs/${encodeURIComponent(a.appId)}?platform=${a.platform}`}
                    >
                      {a.nickname ?? a.appId}
                    </Link>
                  </td>
                  <td>
                    <code>{a.appId}</code>
                  </td>
                  <td>{t(providerLabel(a.platform))}</td>
                  <td>
                    {a.tenantId ?? <span className="text-muted-foreground">{t('miniPrograms.list.noSeller')}</span>}
                  </td>
                  <td>
                    <span
                      className={
                        a.status === 'authorized'
                          ? 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-success-soft text-success'
                          : 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-warning-soft text-warning'
                      }
                    >
                      {t(
                        a.status === 'authorized'
                          ? 'miniPrograms.status.authorized'
                          : 'miniPrograms.status.unauthorized',
                      )}
                    </span>
                  </td>
                  <td>{format.dateTime(a.authorizedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
