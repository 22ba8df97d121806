'use client';

import Link from 'next/link';
import { signOut } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { localeCookie, locales, type Locale } from '@/i18n/locales';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { MembershipProvider, type Membership } from './membership';


const sections: { key: string; label: MessageKey; sandboxOnly?: boolean }[] = [
  { key: 'sub-merchants', label: 'nav.subMerchants' },
  { key: 'mini-programs', label: 'nav.miniPrograms' },
  { key: 'settings', label: 'nav.settings' },
  { key: 'sandbox', label: 'nav.sandbox', sandboxOnly: true },
];

const languageNames: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

export function ConsoleShell(props: { platforms: Membership[]; current: Membership; sandbox: boolean; children: ReactNode }) {
  const { platforms, current, sandbox, children } = props;
  const { t, locale } = useI18n();
  const pathname = usePathname();
  const router = useRouter();
  const setLocale = api.me.setLocale.useMutation({
    onSuccess: (saved) => {
      document.cookie = `${localeCookie}=${saved}; path=/; max-age=31536000; samesite=lax`;
      router.refresh();
    },
  });
  const base = `/platforms/${current.platformId}`;
  const section = pathname.slice(base.length).split('/')[1] ?? 'sub-merchants';
  return (
    <div className="shell">
      <aside className="sidebar">
        <div>
          <label htmlFor="platform-switcher">{t('nav.platform')}</label>
          <select id="platform-switcher" value={current.platformId} onChange={(event) => router.push(`/platforms/${event.target.value}/${section}`)}>
            {platforms.map((p) => (
              <option key={p.platformId} value={p.platformId}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="muted">
            {t('nav.role')}: <span className="badge">{current.role}</span>
          </p>
        </div>
        <nav aria-label={t('nav.sections')}>
          {sections
            .filter((s) => sandbox || !s.sandboxOnly)
            .map((s) => (
              <Link key={s.key} href={`${base}/${s.key}`} aria-current={section === s.key ? 'page' : undefined}>
                {t(s.label)}
              </Link>
            ))}
          <Link href="/docs">{t('nav.apiReference')}</Link>
        </nav>
        <div>
          <label htmlFor="language-switcher">{t('nav.language')}</label>
          <select id="language-switcher" value={locale} disabled={setLocale.isPending} onChange={(e) => setLocale.mutate({ locale: e.target.value as Locale })}>
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
        </div>
        <button className="secondary" onClick={() => signOut({ callbackUrl: '/sign-in' })}>
          {t('nav.signOut')}
        </button>
      </aside>
      <main className="main" lang={locale}>
        <MembershipProvider membership={current}>{children}</MembershipProvider>
      </main>
    </div>
  );
}
