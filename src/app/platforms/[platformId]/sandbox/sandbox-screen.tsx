'use client';

import { useMembership } from '@/components/membership';
import { SandboxApplymentsPanel } from '@/components/settings/sandbox-applyments-panel';
import { SandboxAuditsPanel } from '@/components/settings/sandbox-audits-panel';
import { useI18n } from '@/i18n/i18n-provider';

/** Operators and admins play the upstream's reviewers here, so a demo walks the whole journey. */
export function SandboxScreen() {
  const { t } = useI18n();
  const { platformId, can } = useMembership();
  return (
    <>
      <h1>{t('settings.sandbox.title')}</h1>
      <p className="muted">{t('settings.sandbox.intro')}</p>
      {can('operator') ? (
        <>
          <SandboxApplymentsPanel platformId={platformId} />
          <SandboxAuditsPanel platformId={platformId} />
        </>
      ) : (
        <p className="panel">{t('settings.sandbox.onlyOperators')}</p>
      )}
    </>
  );
}
