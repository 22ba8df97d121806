import type { KeyObject } from 'node:crypto';
import { ZFT_MESSAGE_METHODS } from '@/protocols/providerB/zft/methods';
import { AppError } from '@/server/errors';
import { loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { notificationParams, verifyNotificationSignature } from '@/protocols/providerB/gateway/notification';
import { redactPersonalData } from '../gateway/gateway-errors';
import { parseRejectReasons, type RejectReason } from './order-state';

export interface ZftResultNotification {
  notifyId: string;
  msgMethod: string;
  outcome: 'passed' | 'rejected';
  /** Our state name the outcome implies. */
  state: 'finished' | 'rejected';
  applymentId: string;
  externalId?: string;
  subMchid?: string;
  cardAliasNo?: string;
  memo?: string;
  rejectReasons: RejectReason[];
  /** Receiver app id (must be ours; callers compare). */
  appId: string;
}

/**
 * Verifies and reads a 直付通 result message (D.5; message-service family, A.7). The signature is checked
 * over the raw form parameters before anything is parsed; anything unsigned, forged or of another topic
 * throws `invalid_request`. The HTTP answer to Alipay must then be the plain text `success`.
 */
export function parseZftNotification(
  rawBody: string | URLSearchParams,
  alipayPublicKey: KeyObject | string,
): ZftResultNotification {
  const key = typeof alipayPublicKey === 'string' ? loadPublicKey(alipayPublicKey) : alipayPublicKey;
  const params = notificationParams(rawBody);
  if (!verifyNotificationSignature(params, key))
    throw new AppError('invalid_request', 'providerB notification signature does not verify.');
  const msgMethod = params.msg_method ?? '';
  const outcome =
    msgMethod === ZFT_MESSAGE_METHODS.passed
      ? 'passed'
      : msgMethod === ZFT_MESSAGE_METHODS.rejected
        ? 'rejected'
        : undefined;
  if (!outcome) throw new AppError('invalid_request', 'providerB notification is not a ZFT result message.');
  let biz: Record<string, unknown>;
  try {
    biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
  } catch {
    throw new AppError('invalid_request', 'providerB notification biz_content is not JSON.');
  }
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const applymentId = text(biz.order_id);
  if (!applymentId) throw new AppError('invalid_request', 'providerB notification has no order_id.');
  const reason = text(biz.reason);
  return {
    notifyId: params.notify_id ?? '',
    msgMethod,
    outcome,
    state: outcome === 'passed' ? 'finished' : 'rejected',
    applymentId,
    externalId: text(biz.external_id),
    subMchid: outcome === 'passed' ? text(biz.smid) : undefined,
    cardAliasNo: text(biz.card_alias_no),
    memo: text(biz.memo) && redactPersonalData(text(biz.memo)!),
    rejectReasons: outcome === 'rejected' ? parseRejectReasons(reason && redactPersonalData(reason)) : [],
    appId: params.app_id ?? '',
  };
}
