import type { MessageKey } from '@/i18n/messages/en';

export type MiniProvider = 'providerA' | 'providerB';
export const miniProviders: MiniProvider[] = ['providerA', 'providerB'];

/** providerA is WeChat, providerB Alipay: operators and sellers know them by those names. */
export const providerLabel = (provider: string): MessageKey =>
  provider === 'providerB' ? 'miniPrograms.provider.providerB' : 'miniPrograms.provider.providerA';
export const isMiniProvider = (value: unknown): value is MiniProvider => value === 'providerA' || value === 'providerB';
