// Not a use case: the account mails' words, in the recipient's language (the catalogs' accountMail.* keys), with
// the link as plain text and as the one anchor of the HTML part.
import { isLocale, defaultLocale, type Locale } from '@/i18n/locales';
import { formatters, translator } from '@/i18n/translate';
import { publicBaseUrl } from '@/server/config/secrets';
import type { Mail } from '@/server/mail/send-mail';

type Variant =
  | { kind: 'sign_up'; platform: string; path: string; expiresAt: Date }
  | { kind: 'existing'; platform: string; path: string }
  | { kind: 'reset'; path: string; expiresAt: Date }
  | { kind: 'reset_no_account' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountMail(to: string, language: string | null | undefined, variant: Variant): Mail {
  const locale: Locale = language && isLocale(language) ? language : defaultLocale;
  const t = translator(locale);
  const time = 'expiresAt' in variant ? formatters(locale).dateTimeWithZone(variant.expiresAt) : '';
  const vars = { email: to, platform: 'platform' in variant ? variant.platform : '', time };
  const key = { sign_up: 'signUp', existing: 'existing', reset: 'reset', reset_no_account: 'resetNoAccount' } as const;
  const k = key[variant.kind];
  const subject = t(`accountMail.${k}.subject`, vars);
  const body = t(`accountMail.${k}.body`, vars);
  const link = 'path' in variant ? `${publicBaseUrl()}${variant.path}` : null;
  const ignore = t('accountMail.ignore');
  const text = [body, link, '', ignore].filter((line) => line !== null).join('\n');
  const html = [
    `<p>${escapeHtml(body)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '',
    `<p>${escapeHtml(ignore)}</p>`,
  ].join('\n');
  return { to, subject, text, html, kind: variant.kind };
}
