import { type GatewayMethodHandler, invalidParameter } from '../gateway/registry';
import { getZftOrder, ordersForExternalId, upstreamView } from './zft-orders';

/**
 * `ant.merchant.expand.indirect.zftorder.query` (D.4): `order_id` wins over `external_id`. An unknown id
 * answers an empty `orders` list (Alipay's behaviour here is unconfirmed).
 */
export const zftOrderQueryMethod: GatewayMethodHandler = {
  async handle({ biz }, { store }) {
    const orderId = typeof biz.order_id === 'string' && biz.order_id ? biz.order_id : undefined;
    const externalId = typeof biz.external_id === 'string' && biz.external_id ? biz.external_id : undefined;
    if (!orderId && !externalId) throw invalidParameter('参数有误：order_id 和 external_id 不能同时为空');
    const found = orderId
      ? [await getZftOrder(store, orderId)].filter((o) => o !== undefined)
      : await ordersForExternalId(store, externalId!);
    return { orders: found.map(upstreamView) };
  },
};
