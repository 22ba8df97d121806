import type { settingsEn } from './settings.en';

/** settings 页面文案（简体中文），键与 settings.en.ts 一致。 */
export const settingsZhCN: Record<keyof typeof settingsEn, string> = {};
