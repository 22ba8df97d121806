import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { isPrivateHostLiteral } from '@/server/services/events/delivery-url-guard';

const invalidAt = (field: string) => (message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer: `/${field}`, code: 'invalid_value', message }] });

function hostAllowed(host: string, allowlist: string[]) {
  return allowlist.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host !== entry.slice(2) : host === entry.toLowerCase(),
  );
}

/**
 * docs/product/decisions.md §5: absolute https (http only for localhost in sandbox mode), never a loopback or private host in
 * live mode, and on an allowed host when the platform set `miniprogram.redirect_uri_allowlist`. `field` names the
 * body field in the messages: onboarding links check their returnUrl and refreshUrl by the same rules.
 */
export function validateRedirectUri(value: string, allowlist: string[] | undefined, field = 'redirectUri'): URL {
  const invalid = invalidAt(field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${field} must be an absolute URL.`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const httpAllowed = getEnv().UPSTREAM_MODE === 'sandbox' && local;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed)) {
    throw invalid(`${field} must use https (http is allowed only for localhost in sandbox mode).`);
  }
  if (url.username || url.password) throw invalid(`${field} must not carry credentials.`);
  if (getEnv().UPSTREAM_MODE === 'live' && isPrivateHostLiteral(url.hostname)) {
    throw invalid(`${field} must point to a public host in live mode, not to localhost or a private address.`);
  }
  if (allowlist && allowlist.length > 0 && !hostAllowed(url.host.toLowerCase(), allowlist)) {
    throw invalid(`${field} host ${url.host} is not in miniprogram.redirect_uri_allowlist.`);
  }
  return url;
}
