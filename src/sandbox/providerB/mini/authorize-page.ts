import type { Locale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import type { GrantAppAuthorizationInput } from './app-auth';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface AuthorizePageInput {
  /** The ISV app asking for authorisation. */
  appId: string;
  redirectUri: string;
  state?: string;
  /** Where the form POSTs (default: the page's own URL). */
  action?: string;
  appTypes?: string[];
  /** The merchant's language, as on the seller pages (the language cookie, else the browser's). */
  locale: Locale;
}

/**
 * The sandbox stand-in for Alipay's merchant authorization page: the "seller" may name the mini program
 * to authorise (else a new one is made) and presses Authorize, which POSTs the form back; the route then
 * calls grantAppAuthorization(grantInputFromAuthorizeForm(form)) and redirects to its redirectUrl.
 * A route serving the link's GET can read the link with parseAppAuthUrl(request.url).
 */
export function renderAuthorizePage(input: AuthorizePageInput): string {
  const t = translator(input.locale);
  const text = (key: Parameters<typeof t>[0]) => escapeHtml(t(key));
  // Values go in after the catalog text is escaped: they carry their own (escaped) markup.
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const hidden = (name: string, value: string | undefined) =>
    value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '';
  let host = input.redirectUri;
  try {
    host = new URL(input.redirectUri).host;
  } catch {
    // shown as given
  }
  const types = input.appTypes?.length
    ? fill(text('miniPrograms.sandboxAuthorize.alipay.types'), { types: escapeHtml(input.appTypes.join(', ')) })
    : '';
  return `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text('miniPrograms.sandboxAuthorize.alipay.title')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328}label{display:block;margin:.75rem 0 .25rem}input[type=text]{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1.25rem;padding:.6rem 1.5rem;font-size:1rem}.note{color:#656d76;font-size:.875rem}code{font-size:.95em}</style></head>
<body>
<main>
<h1>${text('miniPrograms.sandboxAuthorize.alipay.heading')}</h1>
<p>${fill(text('miniPrograms.sandboxAuthorize.alipay.intro'), { app: `<strong><code>${escapeHtml(input.appId)}</code></strong>`, types })}</p>
<p class="note">${fill(text('miniPrograms.sandboxAuthorize.alipay.returnTo'), { host: `<strong><code>${escapeHtml(host)}</code></strong>` })}</p>
<form method="post"${input.action ? ` action="${escapeHtml(input.action)}"` : ''}>
${hidden('app_id', input.appId)}${hidden('redirect_uri', input.redirectUri)}${hidden('state', input.state)}
<label for="auth_app_id">${text('miniPrograms.sandboxAuthorize.alipay.appId')}</label>
<input type="text" id="auth_app_id" name="auth_app_id" inputmode="numeric" pattern="\\d{16}">
<label for="nickname">${text('miniPrograms.sandboxAuthorize.nickname')}</label>
<input type="text" id="nickname" name="nickname">
<button type="submit">${text('miniPrograms.sandboxAuthorize.submit')}</button>
</form>
</main>
</body>
</html>`;
}

/** Reads the authorize form's POST body into grantAppAuthorization input. */
export function grantInputFromAuthorizeForm(form: URLSearchParams): GrantAppAuthorizationInput {
  const value = (name: string) => form.get(name)?.trim() || undefined;
  return {
    isvAppId: value('app_id'),
    redirectUri: value('redirect_uri'),
    state: value('state'),
    appId: value('auth_app_id'),
    nickname: value('nickname'),
  };
}
