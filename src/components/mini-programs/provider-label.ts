import type { MessageKey } from '@/i18n/messages/en';

/** providerA is WeChat, providerB Alipay: operators and sellers know them by those names. */
export const providerLabel = (provider: string): MessageKey =>
  provider === 'providerB' ? 'miniPrograms.provider.providerB' : 'miniPrograms.provider.providerA';
