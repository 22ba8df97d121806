import type { Locale } from './locales';
import type { MessageKey } from './messages/en';

/** One language's strings; a screen may receive only the namespaces it uses (a missing key shows as itself). */
export type Messages = Partial<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Looks keys up in one language's catalog; `{name}` placeholders are filled from `values`. Kept apart from the
 * catalogs themselves so browser code receives only the operator's language (the server hands it over).
 */
export function translatorFor(catalog: Messages): Translate {
  return (key, values) => {
    const text = catalog[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)) : text;
  };
}

/** The zone an operator who chose none sees: China's for the Chinese console, UTC otherwise. */
export const defaultTimeZone = (locale: Locale) => (locale === 'zh-CN' ? 'Asia/Shanghai' : 'UTC');

/** An IANA zone name the runtime knows (Intl refuses any other with a RangeError). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const durationUnits: Record<Locale, { h: string; min: string; s: string; join: string }> = {
  'zh-CN': { h: '小时', min: '分', s: '秒', join: ' ' },
  en: { h: 'h', min: 'min', s: 's', join: ' ' },
};

/** "9 分 49 秒" / "9 min 49 s": a duration that cannot be mistaken for a clock time ("09:49"). */
export function formatDuration(locale: Locale, ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, min, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const units = durationUnits[locale];
  const parts = [
    ...(h > 0 ? [`${h} ${units.h}`] : []),
    ...(h > 0 || min > 0 ? [`${min} ${units.min}`] : []),
    ...(h === 0 ? [`${s} ${units.s}`] : []),
  ];
  return parts.join(units.join);
}

/**
 * Dates, times, durations and numbers for the operator's language, in the operator's time zone. The server
 * and the browser both format with the zone given here, never the machine's own, so a page rendered on the
 * server and one rendered in the browser show the same time. `dateTimeWithZone` names the zone ("GMT+8"),
 * for times people compare with other systems (list, detail, audit log).
 */
export const formatters = (locale: Locale, timeZone: string = defaultTimeZone(locale)) => {
  const zone = isTimeZone(timeZone) ? timeZone : defaultTimeZone(locale);
  // Explicit fields and a 24-hour clock: the server's and the browser's ICU then print the same characters
  // (their "short" styles differ in spaces around AM/PM between versions).
  const dateTime = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  });
  const zoneName = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' });
  const offsetOf = (date: Date) => zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return {
    timeZone: zone,
    dateTime: (value: string | Date) => dateTime.format(new Date(value)),
    dateTimeWithZone: (value: string | Date) => {
      const date = new Date(value);
      return `${dateTime.format(date)} (${zone === 'UTC' ? 'UTC' : (offsetOf(date) ?? zone)})`;
    },
    duration: (ms: number) => formatDuration(locale, ms),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
  };
};
