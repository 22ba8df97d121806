import type { miniProgramsEn } from './mini-programs.en';

/** mini-programs 页面文案（简体中文），键与 mini-programs.en.ts 一致。 */
export const miniProgramsZhCN: Record<keyof typeof miniProgramsEn, string> = {};
