import type { KeyObject } from 'node:crypto';
import { AppError } from '@/server/errors';
import { APP_AUTH_NOTIFY_TYPE } from '@/protocols/providerB/mini/methods';
import { num, text } from './mini-call';
import { objectOf, verifiedPush } from './notification-input';

export interface AppAuthNotification {
  notifyId: string;
  /** `execute_auth` = the merchant (re-)authorised; other values are unconfirmed (B.5). */
  status: string;
  /** ISV app the merchant authorised. */
  appId: string;
  authAppId: string;
  userId?: string;
  appAuthToken?: string;
  appRefreshToken?: string;
  appAuthCode?: string;
  expiresIn?: number;
  reExpiresIn?: number;
  /** Epoch ms. */
  authTime?: number;
  /** `notify_context.trigger`, e.g. `mrchiscore`. */
  trigger?: string;
}

/**
 * Verifies and reads `notify_type=open_app_auth_notify` (B.5), pushed to the ISV app gateway when a
 * merchant authorises. Verified over the raw parameters first (rsaCheckV1: `sign` and `sign_type` left
 * out, the other rule tried too); reply `success`.
 */
export function parseAppAuthNotify(
  rawBody: string | URLSearchParams,
  alipayPublicKey: KeyObject | string | ((params: Record<string, string>) => boolean),
): AppAuthNotification {
  const { params, biz } = verifiedPush(rawBody, alipayPublicKey);
  if (params.notify_type !== APP_AUTH_NOTIFY_TYPE)
    throw new AppError('invalid_request', 'providerB notification is not open_app_auth_notify.');
  const detail = objectOf(biz.detail) ?? {};
  const authAppId = text(detail.auth_app_id) ?? params.auth_app_id;
  if (!authAppId) throw new AppError('invalid_request', 'open_app_auth_notify has no auth_app_id.');
  return {
    notifyId: params.notify_id ?? '',
    status: params.status ?? '',
    appId: text(detail.app_id) ?? params.app_id ?? '',
    authAppId,
    userId: text(detail.user_id),
    appAuthToken: text(detail.app_auth_token),
    appRefreshToken: text(detail.app_refresh_token),
    appAuthCode: text(detail.app_auth_code),
    expiresIn: num(detail.expires_in),
    reExpiresIn: num(detail.re_expires_in),
    authTime: num(detail.auth_time),
    trigger: text(objectOf(biz.notify_context)?.trigger),
  };
}
