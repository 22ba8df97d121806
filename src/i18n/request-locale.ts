import { cookies, headers } from 'next/headers';
import { defaultLocale, isLocale, localeCookie, type Locale } from './locales';

/** Before sign-in: the language cookie, else the browser's Accept-Language, else Chinese. */
function chooseLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en';
  return defaultLocale;
}

/** For pages and server components: the current request's headers through next/headers. */
export async function requestLocale(): Promise<Locale> {
  return chooseLocale((await cookies()).get(localeCookie)?.value, (await headers()).get('accept-language'));
}

/** For route handlers: read from the request they were handed (callable outside Next.js's request scope too). */
export function localeOfRequest(request: Request): Locale {
  const cookie = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === localeCookie)?.[1];
  // Locale values need no decoding; a cookie that would (or is malformed) is simply not a locale.
  return chooseLocale(cookie, request.headers.get('accept-language'));
}
