import type { Locale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export type AuthorizePageInput = {
  preAuthCode: string;
  redirectUri: string;
  componentAppId?: string;
  /** The platform's display name shown to the seller. */
  platformName?: string;
  /** Where the form posts; default the page's own URL. */
  formAction?: string;
  /** Prefill for the mini program appid (biz_appid of the link, if any). */
  appId?: string;
  /** The seller's language, as on the seller pages (the language cookie, else the browser's). */
  locale: Locale;
};

/**
 * The sandbox stand-in for WeChat's "scan and authorize" page: a form whose Authorize button POSTs
 * `pre_auth_code`, `redirect_uri` and an optional appid/nickname back to the sandbox route, which calls
 * grantAuthorization and redirects. Every value is HTML-escaped.
 */
export function renderAuthorizePage(input: AuthorizePageInput): string {
  const t = translator(input.locale);
  const text = (key: Parameters<typeof t>[0], values?: Record<string, string>) => escapeHtml(t(key, values));
  const platform = input.platformName ?? t('miniPrograms.sandboxAuthorize.wechat.thisPlatform');
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text('miniPrograms.sandboxAuthorize.wechat.title')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}label{display:block;margin:.75rem 0 .25rem}input[type=text]{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1.25rem;padding:.6rem 1.4rem;background:#07c160;color:#fff;border:0;border-radius:4px;font-size:1rem}.note{color:#666;font-size:.85rem}</style>
</head>
<body>
<main>
<h1>${text('miniPrograms.sandboxAuthorize.wechat.heading', { platform })}</h1>
<p>${text('miniPrograms.sandboxAuthorize.wechat.intro', { platform })}</p>
<form method="post"${input.formAction ? ` action="${escapeHtml(input.formAction)}"` : ''}>
${hidden('pre_auth_code', input.preAuthCode)}
${hidden('redirect_uri', input.redirectUri)}
${hidden('component_appid', input.componentAppId ?? '')}
<label for="appid">${text('miniPrograms.sandboxAuthorize.wechat.appId')}</label>
<input type="text" id="appid" name="appid" value="${escapeHtml(input.appId ?? '')}" placeholder="${text('miniPrograms.sandboxAuthorize.wechat.appIdPlaceholder')}" pattern="wx[0-9a-z]{16}">
<label for="nickname">${text('miniPrograms.sandboxAuthorize.nickname')}</label>
<input type="text" id="nickname" name="nickname" maxlength="30">
<button type="submit">${text('miniPrograms.sandboxAuthorize.submit')}</button>
</form>
<p class="note">${text('miniPrograms.sandboxAuthorize.wechat.note')}</p>
</main>
</body>
</html>`;
}
