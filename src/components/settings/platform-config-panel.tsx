'use client';

import { ConfigField, type ConfigFieldKind } from './config-field';
import { problemText } from '@/components/ui/error-message';
import { useI18n } from '@/i18n/i18n-provider';
import type { PlatformConfigKey } from '@/schemas/platform-config';
import { api } from '@/trpc/react';

type Group = {
  heading: 'settings.config.notify' | 'settings.config.payments' | 'settings.config.miniPrograms';
  fields: [PlatformConfigKey, ConfigFieldKind][];
};

const groups: Group[] = [
  {
    heading: 'settings.config.notify',
    fields: [
      ['payments.notify_url', 'url'],
      ['miniprogram.audit_notify_url', 'url'],
    ],
  },
  {
    heading: 'settings.config.payments',
    fields: [
      ['payments.default_commission_rate', 'percent'],
      ['payments.seller_submit', 'sellerSubmit'],
    ],
  },
  {
    heading: 'settings.config.miniPrograms',
    fields: [
      ['miniprogram.template_mode', 'mode'],
      ['miniprogram.template_mode.providerA', 'modeOverride'],
      ['miniprogram.template_mode.providerB', 'modeOverride'],
      ['miniprogram.redirect_uri_allowlist', 'hosts'],
    ],
  },
];

/** Notify URLs, commission default, the seller submit policy, template mode (with overrides) and redirect allowlist. */
export function PlatformConfigPanel({ platformId, canEdit }: { platformId: string; canEdit: boolean }) {
  const { t } = useI18n();
  const config = api.platformConfig.get.useQuery({ platformId });
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="config-heading"
      id="config"
    >
      <h2 id="config-heading">{t('settings.config')}</h2>
      {!canEdit && <p className="text-muted-foreground">{t('settings.config.readOnly')}</p>}
      {config.error && (
        <p role="alert" className="text-destructive">
          {problemText(t, config.error)}
        </p>
      )}
      {config.isLoading && <p>{t('common.loading')}</p>}
      {config.data &&
        groups.map((group) => (
          <div key={group.heading}>
            <h3>{t(group.heading)}</h3>
            {group.fields.map(([key, kind]) => (
              <ConfigField
                key={key}
                platformId={platformId}
                name={key}
                kind={kind}
                value={config.data[key]}
                canEdit={canEdit}
              />
            ))}
          </div>
        ))}
    </section>
  );
}
