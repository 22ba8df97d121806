'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { api } from '@/trpc/react';
import styles from './mini-programs.module.css';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';

/** Release (after approval) and rollback: admins only; others see who can do it. */
export function ReleasePanel(props: {
  platformId: string;
  platform: Provider;
  appId: string;
  approvedVersion?: string;
}) {
  const { platformId, platform, appId, approvedVersion } = props;
  const { t } = useI18n();
  const { can } = useMembership();
  const utils = api.useUtils();
  const refresh = () => void utils.sellerAuthorization.authorizerAudits.invalidate();
  const release = api.miniPrograms.release.useMutation({ onSuccess: refresh });
  const rollback = api.miniPrograms.rollback.useMutation({ onSuccess: refresh });
  const target = { platformId, platform, authorizerAppId: appId };
  return (
    <section className="panel" aria-labelledby="release-heading">
      <h2 id="release-heading">{t('miniPrograms.release.heading')}</h2>
      {!can('admin') && <p className="muted">{t('miniPrograms.releaseAdminNote')}</p>}
      {can('admin') && (
        <>
          {!approvedVersion && !release.data && <p className="muted">{t('miniPrograms.release.nothing')}</p>}
          <div className={styles.actions}>
            {approvedVersion && (
              <button type="button" disabled={release.isPending} onClick={() => release.mutate(target)}>
                {release.isPending
                  ? t('miniPrograms.release.busy')
                  : t('miniPrograms.release.submit', { version: approvedVersion })}
              </button>
            )}
            <button
              type="button"
              className="danger"
              disabled={rollback.isPending}
              onClick={() => rollback.mutate(target)}
            >
              {t('miniPrograms.release.rollback')}
            </button>
          </div>
          <ErrorAlert error={release.error ?? rollback.error} />
          {release.data && (
            <p role="status" className="muted">
              {t('miniPrograms.release.done', { version: release.data.userVersion })}
            </p>
          )}
          {rollback.data && (
            <p role="status" className="muted">
              {t('miniPrograms.release.rolledBack')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
