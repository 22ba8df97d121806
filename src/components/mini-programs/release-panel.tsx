'use client';

import { useMembership } from '@/components/membership';
import { problemText } from '@/components/ui/error-message';
import { withReason } from '@/components/shared/with-reason';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import type { Provider } from '@/domain/providers';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';

/**
 * Release (after approval) and rollback, admins only, each after a confirmation that names the versions: what
 * goes live, what it replaces. Rollback is offered only when a release before the live one exists.
 */
export function ReleasePanel(props: {
  platformId: string;
  platform: Provider;
  appId: string;
  name: string;
  approvedVersion?: string;
  liveVersion?: string;
  previousVersion?: string;
}) {
  const { platformId, platform, appId, name, approvedVersion, liveVersion, previousVersion } = props;
  const { t } = useI18n();
  const { can } = useMembership();
  const utils = api.useUtils();
  const refresh = () => void utils.sellerAuthorization.authorizerAudits.invalidate();
  const release = api.miniPrograms.release.useMutation({ onSuccess: refresh });
  const rollback = api.miniPrograms.rollback.useMutation({ onSuccess: refresh });
  const target = { platformId, platform, authorizerAppId: appId };
  return (
    <Card aria-labelledby="release-heading" className="mb-4">
      <CardHeader>
        <CardTitle id="release-heading">{t('miniPrograms.release.heading')}</CardTitle>
        {liveVersion && (
          <CardDescription data-testid="live-version">
            {t('miniPrograms.release.live', { version: liveVersion })}
          </CardDescription>
        )}
      </CardHeader>
      {!can('admin') && <p className="m-0 text-sm text-muted-foreground">{t('miniPrograms.releaseAdminNote')}</p>}
      {can('admin') && (
        <>
          {!approvedVersion && <p className="m-0 text-sm text-muted-foreground">{t('miniPrograms.release.nothing')}</p>}
          {(approvedVersion || (liveVersion && previousVersion)) && (
            <CardFooter>
              {approvedVersion && (
                <ConfirmDialog
                  trigger={
                    <Button disabled={release.isPending}>
                      {release.isPending
                        ? t('miniPrograms.release.busy')
                        : t('miniPrograms.release.submit', { version: approvedVersion })}
                    </Button>
                  }
                  title={t('miniPrograms.release.confirmTitle', { version: approvedVersion })}
                  description={
                    liveVersion
                      ? t('miniPrograms.release.confirmBody', { version: approvedVersion, name, current: liveVersion })
                      : t('miniPrograms.release.confirmBodyFirst', { version: approvedVersion, name })
                  }
                  confirmLabel={t('miniPrograms.release.confirm', { version: approvedVersion })}
                  reason="optional"
                  error={release.error ? problemText(t, release.error) : undefined}
                  onOpenChange={(open) => open && release.reset()}
                  onConfirm={async ({ reason }) => {
                    const done = await release.mutateAsync(withReason(target, reason));
                    toast.success(t('miniPrograms.release.done', { version: done.userVersion }));
                  }}
                />
              )}
              {liveVersion && previousVersion && (
                <ConfirmDialog
                  trigger={
                    <Button variant="dangerOutline" disabled={rollback.isPending}>
                      {t('miniPrograms.release.rollbackNamed', { previous: previousVersion })}
                    </Button>
                  }
                  title={t('miniPrograms.release.rollbackConfirmTitle', {
                    current: liveVersion,
                    previous: previousVersion,
                  })}
                  description={t('miniPrograms.release.rollbackConfirmBody', {
                    name,
                    current: liveVersion,
                    previous: previousVersion,
                  })}
                  confirmLabel={t('miniPrograms.release.rollbackConfirm', { previous: previousVersion })}
                  destructive
                  reason="optional"
                  error={rollback.error ? problemText(t, rollback.error) : undefined}
                  onOpenChange={(open) => open && rollback.reset()}
                  onConfirm={async ({ reason }) => {
                    await rollback.mutateAsync(withReason(target, reason));
                    toast.success(t('miniPrograms.release.rolledBack'));
                  }}
                />
              )}
            </CardFooter>
          )}
          {liveVersion && !previousVersion && (
            <p className="m-0 text-sm text-muted-foreground">{t('miniPrograms.release.noRollback')}</p>
          )}
        </>
      )}
    </Card>
  );
}
