import type { ReactNode } from 'react';
import type { Translate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import type { MessageKey } from '@/i18n/messages/en';
import { MembershipProvider, type Membership } from './membership';
import { LanguageSwitcher } from './shell/language-switcher';
import { PlatformSwitcher } from './shell/platform-switcher';
import { SectionNav } from './shell/section-nav';
import { SignOutButton } from './shell/sign-out-button';

const sections: { key: string; label: MessageKey; sandboxOnly?: boolean }[] = [
  { key: 'sub-merchants', label: 'nav.subMerchants' },
  { key: 'mini-programs', label: 'nav.miniPrograms' },
  { key: 'settings', label: 'nav.settings' },
  { key: 'sandbox', label: 'nav.sandbox', sandboxOnly: true },
];

/**
 * The console's frame, rendered on the server: only the platform and language pickers, the section links and
 * sign-out are client islands, so every console page ships little JavaScript for the frame.
 */
export function ConsoleShell(props: {
  platforms: Membership[];
  current: Membership;
  sandbox: boolean;
  locale: Locale;
  t: Translate;
  children: ReactNode;
}) {
  const { platforms, current, sandbox, locale, t, children } = props;
  const base = `/platforms/${current.platformId}`;
  return (
    <div className="shell">
      <aside className="sidebar">
        <div>
          <PlatformSwitcher label={t('nav.platform')} current={current.platformId} platforms={platforms} />
          <p className="muted">
            {t('nav.role')}: <span className="badge">{current.role}</span>
          </p>
        </div>
        <SectionNav
          label={t('nav.sections')}
          base={base}
          sections={sections.filter((s) => sandbox || !s.sandboxOnly).map((s) => ({ key: s.key, label: t(s.label) }))}
          extra={{ href: '/docs', label: t('nav.apiReference') }}
        />
        <div>
          <LanguageSwitcher label={t('nav.language')} locale={locale} />
        </div>
        <SignOutButton label={t('nav.signOut')} />
      </aside>
      <main className="main" lang={locale}>
        <MembershipProvider membership={current}>{children}</MembershipProvider>
      </main>
    </div>
  );
}
