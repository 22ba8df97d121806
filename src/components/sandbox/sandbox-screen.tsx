'use client';

import { useMembership } from '@/components/membership';
import { SandboxApplymentsPanel } from './sandbox-applyments-panel';
import { SandboxAuditsPanel } from './sandbox-audits-panel';
import { useI18n } from '@/i18n/i18n-provider';

/** Operators and admins play the upstream's reviewers here, so a demo walks the whole journey. */
export function SandboxScreen() {
  const { t } = useI18n();
  const { platformId, can } = useMembership();
  return (
    <>
      <h1>{t('settings.sandbox.title')}</h1>
      <p className="text-muted-foreground">{t('settings.sandbox.intro')}</p>
      {can('operator') ? (
        <>
          {/* The audit approvals are few and waiting on someone; the applications can be tens of thousands. */}
          <SandboxAuditsPanel platformId={platformId} />
          <SandboxApplymentsPanel platformId={platformId} />
        </>
      ) : (
        <p className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0">
          {t('settings.sandbox.onlyOperators')}
        </p>
      )}
    </>
  );
}
