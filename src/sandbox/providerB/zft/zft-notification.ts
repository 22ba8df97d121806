import { randomInt } from 'node:crypto';
import { AppError, notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import { loadPrivateKey } from '@/protocols/providerB/gateway/keys';
import { notificationSignContent } from '@/protocols/providerB/gateway/notification';
import { rsa2Sign } from '@/protocols/providerB/gateway/signature';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { ZFT_MESSAGE_METHODS } from '@/protocols/providerB/zft/methods';
import type { ProviderBSandboxKeys } from '../keys';
import { getZftOrder } from './zft-orders';

export interface ZftResultNotificationMessage {
  msgMethod: string;
  params: Record<string, string>;
  /** `application/x-www-form-urlencoded` body, as Alipay POSTs it to the app gateway URL. */
  body: string;
  contentType: string;
}

/**
 * The message-service push (A.7 family 3, D.5) for a finished (`…zft.passed`) or rejected
 * (`…zft.rejected`) order, signed with the sandbox's "Alipay" key over every parameter but `sign` and
 * `sign_type` (TV-7e rule).
 */
export async function buildZftResultNotification(
  store: SandboxStore,
  orderId: string,
  options: { keys: ProviderBSandboxKeys; now?: () => Date; notifyId?: string },
): Promise<ZftResultNotificationMessage> {
  const order = await getZftOrder(store, orderId);
  if (!order) throw notFound('ZFT order');
  if (order.state !== 'finished' && order.state !== 'rejected') {
    throw new AppError(
      'conflict',
      `A ZFT result message exists only for finished or rejected orders (this one is ${order.state}).`,
    );
  }
  const now = options.now?.() ?? new Date();
  const passed = order.state === 'finished';
  const biz = passed
    ? {
        order_id: order.order_id,
        external_id: order.external_id,
        smid: order.smid,
        card_alias_no: order.card_alias_no,
        memo: '审核通过',
      }
    : { order_id: order.order_id, external_id: order.external_id, reason: order.reason };
  const params: Record<string, string> = {
    notify_id:
      options.notifyId ??
      `${formatGatewayTimestamp(now).replace(/\D/g, '').slice(0, 8)}00222${Array.from({ length: 21 }, () => randomInt(10)).join('')}`,
    utc_timestamp: String(now.getTime()),
    msg_method: passed ? ZFT_MESSAGE_METHODS.passed : ZFT_MESSAGE_METHODS.rejected,
    app_id: options.keys.appId,
    msg_type: 'sys',
    version: '1.1',
    biz_content: JSON.stringify(biz),
    charset: 'UTF-8',
    sign_type: 'RSA2',
  };
  params.sign = rsa2Sign(notificationSignContent(params, false), loadPrivateKey(options.keys.alipayPrivateKeyPem));
  return {
    msgMethod: params.msg_method!,
    params,
    body: new URLSearchParams(params).toString(),
    contentType: 'application/x-www-form-urlencoded;charset=utf-8',
  };
}
