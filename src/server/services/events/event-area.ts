import { getEnv } from '@/env';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';

/**
 * Which events an area's API sees: `X-Service-Code: payments` names `sub_merchant.*`, `miniprogram` names
 * `miniprogram.*` (the same split as the notify URLs, notify-url.ts).
 */
export const eventTypePrefix: Record<ServiceCode, string> = {
  payments: 'sub_merchant.',
  miniprogram: 'miniprogram.',
};

/**
 * How long events can be read back through the API (`EVENT_RETENTION_DAYS`, default 30). The daily retention job
 * deletes what is older with the same setting, so the API's window and what is stored are one promise.
 */
export const eventWindowStart = (now = Date.now()) => new Date(now - getEnv().EVENT_RETENTION_DAYS * 86_400_000);
