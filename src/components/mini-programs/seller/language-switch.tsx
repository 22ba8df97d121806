'use client';

import { ChevronDownIcon } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { localeCookie, locales, type Locale } from '@/i18n/locales';

const names: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

/**
 * The seller's language (no account to remember it in): a cookie, then the page renders again.
 *
 * This is the seller page's only control, so it is written out with the console's look as fixed classes instead
 * of the console's Label and NativeSelect: those bring Radix's label and tailwind-merge (≈ 13 kB gzip, and
 * tailwind-merge builds its whole configuration on first use), which a phone would load and run for one picker.
 */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  return (
    <div className="flex items-center gap-1.5">
      <label className="m-0 text-sm leading-snug text-muted-foreground select-none" htmlFor="seller-language">
        {label}
      </label>
      <div className="relative">
        <select
          id="seller-language"
          className="h-9 min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card py-1 pr-8 pl-1.5 text-sm leading-normal text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
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
        <ChevronDownIcon
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-60"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
