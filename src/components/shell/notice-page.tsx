import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import type { Locale } from '@/i18n/locales';

/** A whole page that is one card: a heading, what happened, then what the operator can do (the `children`). */
export function NoticePage({
  locale,
  headingId,
  title,
  description,
  children,
}: {
  locale: Locale;
  headingId: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-4 sm:py-16" lang={locale}>
      <Card aria-labelledby={headingId}>
        <CardHeader>
          <h1 id={headingId} className="m-0 text-xl">
            {title}
          </h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}
