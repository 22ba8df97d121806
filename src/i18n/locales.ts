export const locales = ['zh-CN', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';
export const localeCookie = 'console-locale';
export const isLocale = (value: unknown): value is Locale => (locales as readonly unknown[]).includes(value);
