import type { Locale } from '@/i18n/locales';

const HAN = /\p{Script=Han}/u;

/**
 * The upstream's (or the service's) status message, when it is worth a line beside the state badge: not when it
 * repeats the state's own label ("审核中 / 审核中"), and not in a Chinese console when it holds no Chinese at all
 * (the service's English state sentences, "The sub-merchant is open."): the badge already says that in the
 * operator's language, and the API keeps the message for integrators. Nor for a rejection whose reasons were
 * read out of it: the message is the reviewer's raw text ("alias_name：…", upstream field names), and the screen
 * already shows each reason under the field's own label (商户简称).
 */
export function upstreamMessageWorthShowing(
  message: string | null | undefined,
  stateLabel: string,
  locale: Locale,
  rejectReasonCount = 0,
): string | null {
  const text = message?.trim();
  if (!text || text === stateLabel.trim() || rejectReasonCount > 0) return null;
  if (locale === 'zh-CN' && !HAN.test(text)) return null;
  return text;
}
