import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { isPrivateHostLiteral } from '@/server/services/events/delivery-url-guard';

const invalid = (message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer: '/redirectUri', code: 'invalid_value', message }] });

function hostAllowed(host: string, allowlist: string[]) {
  return allowlist.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host !== entry.slice(2) : host === entry.toLowerCase(),
  );
}

/**
 * docs/product/decisions.md §5: absolute https (http only for localhost in sandbox mode), never a loopback or private host in
 * live mode, and on an allowed host when the platform set `miniprogram.redirect_uri_allowlist`.
 */
export function validateRedirectUri(value: string, allowlist: string[] | undefined): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('redirectUri must be an absolute URL.');
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const httpAllowed = getEnv().UPSTREAM_MODE === 'sandbox' && local;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed)) {
    throw invalid('redirectUri must use https (http is allowed only for localhost in sandbox mode).');
  }
  if (url.username || url.password) throw invalid('redirectUri must not carry credentials.');
  if (getEnv().UPSTREAM_MODE === 'live' && isPrivateHostLiteral(url.hostname)) {
    throw invalid('redirectUri must point to a public host in live mode, not to localhost or a private address.');
  }
  if (allowlist && allowlist.length > 0 && !hostAllowed(url.host.toLowerCase(), allowlist)) {
    throw invalid(`redirectUri host ${url.host} is not in miniprogram.redirect_uri_allowlist.`);
  }
  return url;
}
