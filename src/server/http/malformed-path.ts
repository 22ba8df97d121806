/**
 * Paths whose percent-encoding does not decode (a stray `%`, or escaped bytes that are not UTF-8). Next.js
 * throws while decoding them into route params and answers a plain-text 500; src/proxy.ts answers them first:
 * problem+json for the API families, a small 400 page (in the visitor's language) for everything else.
 * Kept free of the logger and the database: the proxy bundle loads it.
 */
import { coreEn } from '@/i18n/messages/core.en';
import { coreZhCN } from '@/i18n/messages/core.zh-CN';
import { localeCookie } from '@/i18n/locales';
import { newRequestId } from '@/server/request-context';

const API_FAMILIES = /^\/(v1|admin|api|callbacks|sandbox|internal)(\/|$)/;

export function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function malformedPathResponse(
  request: Request,
  pathname: string,
  pageHeaders: Record<string, string>,
): Response {
  const requestId = newRequestId();
  if (API_FAMILIES.test(pathname)) {
    const problem = {
      type: 'https://docs.onboarding.local/errors/invalid_request',
      title: 'Invalid request',
      status: 400,
      detail:
        'The path is not valid percent-encoded UTF-8 (a "%" must be followed by two hex digits that encode UTF-8).',
      code: 'invalid_request',
      requestId,
      errors: [{ pointer: '/path', code: 'invalid_encoding', message: 'Percent-encode the path as UTF-8.' }],
    };
    return new Response(JSON.stringify(problem), {
      status: 400,
      headers: {
        'content-type': 'application/problem+json',
        'x-request-id': requestId,
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      },
    });
  }
  const english = prefersEnglish(request);
  const text = english ? coreEn : coreZhCN;
  const html = `<!DOCTYPE html><html lang="${english ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text['badRequest.title']}</title></head><body><main><h1>${text['badRequest.title']}</h1><p>${text['badRequest.body']}</p><p><a href="/">${text['badRequest.home']}</a></p></main></body></html>`;
  return new Response(html, {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8', 'x-request-id': requestId, ...pageHeaders },
  });
}

/** The layout's rule (request-locale.ts), read from the request: the language cookie, else Accept-Language, else Chinese. */
function prefersEnglish(request: Request): boolean {
  const cookie = /(?:^|;\s*)([^=;]+)=([^;]*)/g;
  for (const [, name, value] of (request.headers.get('cookie') ?? '').matchAll(cookie)) {
    if (name === localeCookie && (value === 'en' || value === 'zh-CN')) return value === 'en';
  }
  return (request.headers.get('accept-language') ?? '').split(',')[0]!.trim().toLowerCase().startsWith('en');
}
