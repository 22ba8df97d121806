'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { ApiKeysPanel } from './api-keys-panel';

// The first section is in the first view and comes with the page; each later one (its forms, their schemas)
// is its own chunk, still rendered on the server, fetched after the page's own scripts (first-load budget,
// docs/benchmarks-console.md).
const WebhookSecretPanel = dynamic(() => import('./webhook-secret-panel').then((m) => m.WebhookSecretPanel));
const PlatformConfigPanel = dynamic(() => import('./platform-config-panel').then((m) => m.PlatformConfigPanel));
const ManualTemplatesPanel = dynamic(() => import('./manual-templates-panel').then((m) => m.ManualTemplatesPanel));
const MembersPanel = dynamic(() => import('./members-panel').then((m) => m.MembersPanel));
const DeliveriesPanel = dynamic(() => import('./deliveries-panel').then((m) => m.DeliveriesPanel));
const UpstreamConnectionsPanel = dynamic(() =>
  import('./upstream-connections-panel').then((m) => m.UpstreamConnectionsPanel),
);
const ChangePasswordPanel = dynamic(() => import('./change-password-panel').then((m) => m.ChangePasswordPanel));
const TimeZonePanel = dynamic(() => import('./time-zone-panel').then((m) => m.TimeZonePanel));

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
