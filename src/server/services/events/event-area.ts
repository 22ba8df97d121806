import type { ServiceCode } from '@/server/services/api-keys/api-key-format';

/**
 * Which events an area's API sees: `X-Service-Code: payments` names `sub_merchant.*`, `miniprogram` names
 * `miniprogram.*` (the same split as the notify URLs, notify-url.ts).
 */
export const eventTypePrefix: Record<ServiceCode, string> = {
  payments: 'sub_merchant.',
  miniprogram: 'miniprogram.',
};

/** How long events can be read back through the API. */
export const EVENT_RETENTION_DAYS = 30;
