'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { DataTable } from './data-table';
import { errorText } from './error-text';

/**
 * Settings → Upstream connections (admins): runs the doctor checks and shows, per upstream, what the call
 * proved or the variable to fix. Nothing secret is shown: variable names, serials and the upstream's answer.
 */
export function UpstreamConnectionsPanel({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const check = api.upstreamConnections.check.useMutation();
  const report = check.data;
  return (
    <section className="panel" aria-labelledby="upstreams-heading" id="upstreams">
      <h2 id="upstreams-heading">{t('settings.doctor.heading')}</h2>
      <p className="muted">{t('settings.doctor.intro')}</p>
      <div className="row">
        <button type="button" disabled={check.isPending} onClick={() => check.mutate({ platformId })}>
          {check.isPending ? t('settings.doctor.running') : t('settings.doctor.run')}
        </button>
      </div>
      {check.error && (
        <p role="alert" className="error">
          {errorText(t, check.error)}
        </p>
      )}
      {report && (
        <>
          <p role="status">{t('settings.doctor.mode', { mode: report.upstreamMode })}</p>
          <DataTable
            labelledBy="upstreams-heading"
            columns={[t('settings.doctor.upstream'), t('settings.doctor.result')]}
            spaced
          >
            {report.checks.map((c) => (
              <tr key={c.upstream} data-testid={`upstream-${c.upstream}`}>
                <th scope="row">{t(`settings.doctor.${c.upstream}` as MessageKey)}</th>
                <td>
                  <span className={c.ok ? 'badge ok' : 'badge warn'}>
                    {c.ok ? t('settings.doctor.ok') : t('settings.doctor.failed')}
                  </span>{' '}
                  {c.detail}
                  <br />
                  <span className="muted">{t('settings.doctor.call', { call: c.call })}</span>
                  {!c.ok && c.variable && (
                    <>
                      <br />
                      <strong>{t('settings.doctor.fix', { variable: c.variable, fix: c.fix ?? '' })}</strong>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
