import { type GatewayMethodHandler, businessFailed } from '../gateway/registry';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { checkZftCreateFields, checkZftImageIds } from './zft-create-rules';
import { checkZftReferenceRules } from './zft-reference-rules';
import { newOrderId, ordersForExternalId, saveZftOrder, type SandboxZftOrder } from './zft-orders';

/**
 * `ant.merchant.expand.indirect.zft.create` (D.2). external_id is unique per live sub-merchant: while an
 * application for it is under review or finished, a new create is refused (`EXTERNAL_ID_DUPLICATE`, a
 * sandbox-chosen sub_code; Alipay's exact code is unconfirmed). After a failed (`-1`) application the
 * same external_id may be submitted again; that opens a new order_id (a new review round) and
 * zftorder.query by external_id then lists every round.
 */
export const zftCreateMethod: GatewayMethodHandler = {
  async handle({ biz }, { store, now }) {
    checkZftCreateFields(biz);
    await checkZftImageIds(biz, store);
    await checkZftReferenceRules(biz, store);
    const externalId = String(biz.external_id);
    const live = (await ordersForExternalId(store, externalId)).find((o) => o.status !== '-1');
    if (live) throw businessFailed('EXTERNAL_ID_DUPLICATE', `external_id 已存在进件单 ${live.order_id}，不可重复进件`);
    const at = now();
    const order: SandboxZftOrder = {
      order_id: newOrderId(at),
      external_id: externalId,
      merchant_name: String(biz.name),
      status: '031',
      fk_audit: 'CREATE',
      kz_audit: 'CREATE',
      sub_confirm: 'CREATE',
      apply_type: 'ZHIFUTONG_CREATE',
      apply_time: formatGatewayTimestamp(at),
      state: 'auditing',
      reject_reasons: [],
      settles_to_card: Array.isArray(biz.biz_cards) && biz.biz_cards.length > 0,
      updated_at: at.toISOString(),
    };
    await saveZftOrder(store, order);
    return { order_id: order.order_id };
  },
};
