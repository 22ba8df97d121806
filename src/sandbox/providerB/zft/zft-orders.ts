import { randomBytes, randomInt } from 'node:crypto';
import type { SandboxStore } from '@/sandbox/store';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import type { ChApplymentState } from '@/protocols/providerB/zft/methods';

/** Store kinds, namespaced because providerA's emulator shares the store. */
export const ZFT_ORDER_KIND = 'providerB:zft_order';
export const ZFT_ORDERS_BY_EXTERNAL_ID_KIND = 'providerB:zft_order_by_external_id';
export const IMAGE_KIND = 'providerB:image';

export interface SandboxImage {
  image_id: string;
  image_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** A ZftSubMerchantOrder (D.4) plus the sandbox's own bookkeeping. */
export interface SandboxZftOrder {
  order_id: string;
  external_id: string;
  merchant_name: string;
  status: '031' | '99' | '-1';
  fk_audit: string;
  fk_audit_memo?: string;
  kz_audit: string;
  kz_audit_memo?: string;
  sub_confirm: string;
  reason?: string;
  smid?: string;
  card_alias_no?: string;
  apply_type: string;
  apply_time: string;
  // Sandbox bookkeeping (not returned by zftorder.query).
  state: ChApplymentState;
  reject_reasons: { field: string; reason: string }[];
  settles_to_card: boolean;
  updated_at: string;
}

export const UPSTREAM_ORDER_FIELDS = [
  'order_id',
  'external_id',
  'merchant_name',
  'status',
  'fk_audit',
  'fk_audit_memo',
  'kz_audit',
  'kz_audit_memo',
  'sub_confirm',
  'reason',
  'smid',
  'card_alias_no',
  'apply_type',
  'apply_time',
] as const;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Shapes of the ids Alipay issues: 28-digit order ids, `2088…` smids, 32-hex card aliases, 32-char image keys. */
export const newOrderId = (now: Date) => formatGatewayTimestamp(now).slice(0, 10).replaceAll('-', '') + digits(20);
export const newSmid = () => `2088${digits(12)}`;
export const newCardAliasNo = () => randomBytes(16).toString('hex');
export const newImageId = () => randomBytes(24).toString('base64url');

export async function getZftOrder(store: SandboxStore, orderId: string): Promise<SandboxZftOrder | undefined> {
  return store.get<SandboxZftOrder>(ZFT_ORDER_KIND, orderId);
}

export async function ordersForExternalId(store: SandboxStore, externalId: string): Promise<SandboxZftOrder[]> {
  const index = await store.get<{ orderIds: string[] }>(ZFT_ORDERS_BY_EXTERNAL_ID_KIND, externalId);
  const orders = await Promise.all((index?.orderIds ?? []).map((id) => getZftOrder(store, id)));
  return orders.filter((o): o is SandboxZftOrder => o !== undefined);
}

export async function saveZftOrder(store: SandboxStore, order: SandboxZftOrder): Promise<void> {
  await store.put(ZFT_ORDER_KIND, order.order_id, order);
  const index = (await store.get<{ orderIds: string[] }>(ZFT_ORDERS_BY_EXTERNAL_ID_KIND, order.external_id)) ?? {
    orderIds: [],
  };
  if (!index.orderIds.includes(order.order_id)) {
    await store.put(ZFT_ORDERS_BY_EXTERNAL_ID_KIND, order.external_id, {
      orderIds: [...index.orderIds, order.order_id],
    });
  }
}

export function upstreamView(order: SandboxZftOrder): Record<string, unknown> {
  return Object.fromEntries(UPSTREAM_ORDER_FIELDS.filter((k) => order[k] !== undefined).map((k) => [k, order[k]]));
}
