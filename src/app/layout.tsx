import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { requestLocale } from '@/i18n/request-locale';
import './globals.css';

export const metadata: Metadata = {
  title: 'Onboarding console',
  description: 'Sub-merchant onboarding and hosted mini programs',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await requestLocale()}>
      <body>{children}</body>
    </html>
  );
}
