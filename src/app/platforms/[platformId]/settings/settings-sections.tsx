'use client';

import type { ReactNode } from 'react';
import { useMembership } from '@/components/membership';
import { ChangePasswordPanel } from '@/components/settings/change-password-panel';
import { DeliveriesPanel } from '@/components/settings/deliveries-panel';
import { ManualTemplatesPanel } from '@/components/settings/manual-templates-panel';
import { MembersPanel } from '@/components/settings/members-panel';
import { UpstreamConnectionsPanel } from '@/components/settings/upstream-connections-panel';
import { TimeZonePanel } from '@/components/settings/time-zone-panel';
import { WebhookSecretPanel } from '@/components/settings/webhook-secret-panel';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { ApiKeysPanel } from './api-keys-panel';
import { PlatformConfigPanel } from './platform-config-panel';

/**
 * The settings screen by role. Admins get every panel; operators and viewers read the configuration, the
 * templates and the delivery log. Everyone changes their own password. The server refuses the rest anyway
 * (admin-only procedures).
 */
export function SettingsSections() {
  const { t } = useI18n();
  const { platformId, can } = useMembership();
  const admin = can('admin');
  const panels: [string, MessageKey, ReactNode][] = [
    [
      'api-keys',
      'settings.apiKeys',
      admin ? (
        <ApiKeysPanel platformId={platformId} />
      ) : (
        <AdminOnly id="api-keys" title="settings.apiKeys" text="settings.onlyAdmins" />
      ),
    ],
    ['webhook-secret', 'settings.webhook.heading', admin ? <WebhookSecretPanel platformId={platformId} /> : null],
    ['config', 'settings.config', <PlatformConfigPanel key="config" platformId={platformId} canEdit={admin} />],
    [
      'templates',
      'settings.templates.heading',
      <ManualTemplatesPanel key="templates" platformId={platformId} canEdit={admin} />,
    ],
    [
      'members',
      'settings.members.heading',
      admin ? (
        <MembersPanel platformId={platformId} />
      ) : (
        <AdminOnly id="members" title="settings.members.heading" text="settings.members.onlyAdmins" />
      ),
    ],
    [
      'deliveries',
      'settings.deliveries.heading',
      <DeliveriesPanel key="deliveries" platformId={platformId} canRedeliver={admin} />,
    ],
    ['upstreams', 'settings.doctor.heading', admin ? <UpstreamConnectionsPanel platformId={platformId} /> : null],
    ['password', 'settings.password.heading', <ChangePasswordPanel key="password" />],
    ['time-zone', 'auditLog.timeZone', <TimeZonePanel key="time-zone" />],
  ];
  const shown = panels.filter(([, , node]) => node !== null);
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <nav aria-label={t('settings.sectionsNav')}>
        <ul className="m-0 mb-4 flex list-none flex-wrap gap-x-4 gap-y-2 p-0">
          {shown.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {shown.map(([id, , node]) => (
        <div key={id}>{node}</div>
      ))}
    </>
  );
}

function AdminOnly({ id, title, text }: { id: string; title: MessageKey; text: MessageKey }) {
  const { t } = useI18n();
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby={`${id}-heading`}
      id={id}
    >
      <h2 id={`${id}-heading`}>{t(title)}</h2>
      <p className="text-muted-foreground">{t(text)}</p>
    </section>
  );
}
