import { cookies, headers } from 'next/headers';
import { defaultLocale, isLocale, localeCookie, type Locale } from './locales';

/** Before sign-in: the language cookie, else the browser's Accept-Language, else Chinese. */
export async function requestLocale(): Promise<Locale> {
  const cookie = (await cookies()).get(localeCookie)?.value;
  if (isLocale(cookie)) return cookie;
  const accept = (await headers()).get('accept-language') ?? '';
  const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en';
  return defaultLocale;
}
