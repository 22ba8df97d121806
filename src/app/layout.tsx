import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { requestLocale } from '@/i18n/request-locale';
import { translator } from '@/i18n/translate';
import './globals.css';

/** The default title and description (pages without their own) in the visitor's language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await requestLocale());
  return { title: t('nav.consoleName'), description: t('nav.consoleDescription'), icons };
}

const icons: Metadata['icons'] = {
  icon: [
    { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
    { url: '/icon.svg', type: 'image/svg+xml' },
  ],
  apple: '/apple-touch-icon.png',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await requestLocale()}>
      <body>{children}</body>
    </html>
  );
}
