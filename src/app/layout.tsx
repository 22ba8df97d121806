import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { requestLocale } from '@/i18n/request-locale';
import './globals.css';

export const metadata: Metadata = {
  title: 'Onboarding console',
  description: 'Sub-merchant onboarding and hosted mini programs',
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await requestLocale()}>
      <body>{children}</body>
    </html>
  );
}
