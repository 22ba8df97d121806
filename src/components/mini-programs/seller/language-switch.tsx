'use client';

import { useRouter } from 'next/navigation';
import { localeCookie, locales, type Locale } from '@/i18n/locales';
import styles from './seller.module.css';

const names: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

/** The seller's language (no account to remember it in): a cookie, then the page renders again. */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  return (
    <div className={styles.language}>
      <label htmlFor="seller-language">{label}</label>
      <select
        id="seller-language"
        value={locale}
        onChange={(e) => {
          document.cookie = `${localeCookie}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
