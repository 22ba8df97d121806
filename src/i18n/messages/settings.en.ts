/** English strings of the settings screens (keys prefixed "settings."). */
export const settingsEn = {} as const satisfies Record<string, string>;
