'use client';

import { useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import { saveConsoleLocale } from '@/server/console-actions/save-console-locale';
import { locales, type Locale } from '@/i18n/locales';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useHydrated } from '@/components/ui/use-hydrated';

const languageNames: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

/** Remembers the operator's language on the server (their profile), then renders the console again in it. */
export function LanguageSwitcher({ label, locale }: { label: string; locale: Locale }) {
  // The sidebar and the phone sheet each render the picker: one id per instance keeps each label on its own.
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={locale}
        disabled={!hydrated || pending}
        onChange={(e) => {
          const next = e.target.value as Locale;
          startTransition(async () => {
            // A refused save (session ended) reloads, which lands on sign-in; otherwise re-render in the language.
            await saveConsoleLocale(next).then(
              () => router.refresh(),
              () => window.location.reload(),
            );
          });
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageNames[l]}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
