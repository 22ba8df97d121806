import type { ReactNode } from 'react';
import type { Translate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import type { MessageKey } from '@/i18n/messages/en';
import { Badge } from './ui/badge';
import { Toaster } from './ui/toast';
import { MembershipProvider, type Membership } from './membership';
import { BrowserTimeZone } from './shell/browser-time-zone';
import { LanguageSwitcher } from './shell/language-switcher';
import { MobileNav } from './shell/mobile-nav';
import { PlatformSwitcher } from './shell/platform-switcher';
import { RoleNotice } from './shell/role-notice';
import { SectionNav } from './shell/section-nav';
import { SignOutButton } from './shell/sign-out-button';

const sections: { key: string; label: MessageKey; sandboxOnly?: boolean; adminOnly?: boolean }[] = [
  { key: 'sub-merchants', label: 'nav.subMerchants' },
  { key: 'mini-programs', label: 'nav.miniPrograms' },
  { key: 'audit-log', label: 'nav.auditLog', adminOnly: true },
  { key: 'settings', label: 'nav.settings' },
  { key: 'sandbox', label: 'nav.sandbox', sandboxOnly: true },
];

const roleLabels: Record<Membership['role'], MessageKey> = {
  admin: 'nav.role.admin',
  operator: 'nav.role.operator',
  viewer: 'nav.role.viewer',
};

/**
 * The console's frame, rendered on the server: only the platform and language pickers, the section links,
 * sign-out and the phone menu are client islands, so every console page ships little JavaScript for the frame.
 * From `md` up the navigation is a sidebar; below it, a top bar whose menu button opens the same navigation in
 * a sheet, so a 375 px phone gets the whole width for the page.
 */
export function ConsoleShell(props: {
  platforms: Membership[];
  current: Membership;
  sandbox: boolean;
  locale: Locale;
  /** The zone this page's times are in, and whether the operator chose it (else the browser's is followed). */
  timeZone: { shown: string; chosen: boolean };
  t: Translate;
  children: ReactNode;
}) {
  const { platforms, current, sandbox, locale, timeZone, t, children } = props;
  const base = `/platforms/${current.platformId}`;
  const platformName = platforms.find((p) => p.platformId === current.platformId)?.name ?? current.platformId;
  const navigation = (
    <div className="flex flex-col gap-5">
      <div className="grid gap-1.5">
        <PlatformSwitcher label={t('nav.platform')} current={current.platformId} platforms={platforms} />
        <p className="m-0 flex items-center gap-2 text-sm text-muted-foreground">
          {t('nav.role')} <Badge>{t(roleLabels[current.role])}</Badge>
        </p>
      </div>
      <SectionNav
        label={t('nav.sections')}
        base={base}
        sections={sections
          // Only admins may read the audit log (auditLog.list refuses the others anyway).
          .filter((s) => (sandbox || !s.sandboxOnly) && (current.role === 'admin' || !s.adminOnly))
          .map((s) => ({ key: s.key, label: t(s.label) }))}
        extra={{ href: '/docs', label: t('nav.apiReference') }}
      />
      <div className="grid gap-1.5">
        <LanguageSwitcher label={t('nav.language')} locale={locale} />
      </div>
      <SignOutButton label={t('nav.signOut')} />
    </div>
  );
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <BrowserTimeZone shownZone={timeZone.shown} zoneChosen={timeZone.chosen} />
      <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b bg-card px-4 md:hidden">
        <MobileNav
          title={t('nav.consoleName')}
          description={t('nav.sections')}
          openLabel={t('nav.openMenu')}
          closeLabel={t('nav.closeMenu')}
        >
          {navigation}
        </MobileNav>
        <span className="min-w-0 truncate font-semibold">{platformName}</span>
      </header>
      <aside className="hidden border-r bg-card p-4 md:block">
        <p className="m-0 mb-4 font-semibold">{t('nav.consoleName')}</p>
        {navigation}
      </aside>
      <main className="min-w-0 p-4 sm:p-6 md:max-w-[1100px] md:px-8" lang={locale}>
        <RoleNotice
          platformId={current.platformId}
          role={current.role}
          text={t('nav.roleChanged', { role: t(roleLabels[current.role]) })}
          dismissLabel={t('nav.dismiss')}
        />
        <MembershipProvider membership={current}>{children}</MembershipProvider>
      </main>
      <Toaster label={t('ui.notifications')} />
    </div>
  );
}
