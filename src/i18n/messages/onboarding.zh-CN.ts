import type { onboardingEn } from './onboarding.en';

/** onboarding 页面文案（简体中文），键与 onboarding.en.ts 一致。 */
export const onboardingZhCN: Record<keyof typeof onboardingEn, string> = {};
