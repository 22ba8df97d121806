'use client';

import { useRouter } from 'next/navigation';
import { localeCookie, locales, type Locale } from '@/i18n/locales';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

const names: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

/** The seller's language (no account to remember it in): a cookie, then the page renders again. */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  return (
    <div className="flex items-center gap-1.5 [&_label]:m-0 [&_label]:text-sm [&_label]:font-normal [&_label]:text-muted-foreground [&_select]:w-auto [&_select]:px-1.5 [&_select]:py-1 [&_select]:text-sm">
      <Label className="mt-3 mb-1" htmlFor="seller-language">
        {label}
      </Label>
      <NativeSelect
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
      </NativeSelect>
    </div>
  );
}
