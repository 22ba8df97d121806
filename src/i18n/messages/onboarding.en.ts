/** English strings of the onboarding screens (keys prefixed "onboarding."). */
export const onboardingEn = {} as const satisfies Record<string, string>;
