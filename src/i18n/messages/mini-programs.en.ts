/** English strings of the mini-programs screens (keys prefixed "miniPrograms."). */
export const miniProgramsEn = {} as const satisfies Record<string, string>;
