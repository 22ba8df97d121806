import { AppError, notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import type { ChApplymentState } from '@/protocols/providerB/zft/methods';
import { ZFT_ORDER_KIND, getZftOrder, newCardAliasNo, newSmid, saveZftOrder, type SandboxZftOrder } from './zft-orders';

export type ZftControlState = Exclude<ChApplymentState, 'submitted'>;
export const ZFT_CONTROL_STATES: readonly ZftControlState[] = [
  'auditing',
  'to_be_confirmed',
  'to_be_signed',
  'signing',
  'finished',
  'rejected',
  'canceled',
];
const TERMINAL = new Set<ChApplymentState>(['finished', 'rejected', 'canceled']);

export interface ZftOrderSummary {
  orderId: string;
  externalId: string;
  state: ChApplymentState;
  status: string;
  smid?: string;
  rejectReasons: { field: string; reason: string }[];
  applyTime: string;
  updatedAt: string;
}

const summary = (o: SandboxZftOrder): ZftOrderSummary => ({
  orderId: o.order_id,
  externalId: o.external_id,
  state: o.state,
  status: o.status,
  smid: o.smid,
  rejectReasons: o.reject_reasons,
  applyTime: o.apply_time,
  updatedAt: o.updated_at,
});

/**
 * The Alipay flags each of our states is written as; the client's zftOrderState() reads them back
 * (the round trip is covered by a test).
 */
const FLAGS: Record<ZftControlState, Pick<SandboxZftOrder, 'status' | 'fk_audit' | 'kz_audit' | 'sub_confirm'>> = {
  auditing: { status: '031', fk_audit: 'CREATE', kz_audit: 'CREATE', sub_confirm: 'CREATE' },
  to_be_confirmed: { status: '031', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'CREATE' },
  to_be_signed: { status: '031', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'NOT_CONFIRM' },
  signing: { status: '031', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'FINISH' },
  finished: { status: '99', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'FINISH' },
  rejected: { status: '-1', fk_audit: 'PASS', kz_audit: 'REJECT', sub_confirm: 'CREATE' },
  canceled: { status: '-1', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'NOT_CONFIRM' },
};

/**
 * Control API: moves a sandbox ZFT order to one of our states. `rejectReasons[].field` uses upstream names
 * (`cert_no`, `in_door_images`…); they are written into the order's `reason` as `field：reason` parts.
 * `finished` assigns an smid (and a card alias when settling to a card). Terminal orders do not move.
 */
export async function setZftOrderState(
  store: SandboxStore,
  orderId: string,
  input: { state: ZftControlState; rejectReasons?: { field: string; reason: string }[] },
  options: { now?: () => Date } = {},
): Promise<ZftOrderSummary> {
  if (!ZFT_CONTROL_STATES.includes(input.state))
    throw new AppError('invalid_request', `Unknown state ${String(input.state)}.`);
  const order = await getZftOrder(store, orderId);
  if (!order) throw notFound('ZFT order');
  if (TERMINAL.has(order.state))
    throw new AppError('conflict', `ZFT order is already ${order.state}; submit a new application instead.`);
  const next = withZftOrderState(order, input, options);
  await saveZftOrder(store, next);
  return summary(next);
}

/** The order after the reviewer's move (setZftOrderState's effect, also used to seed orders in a state). */
export function withZftOrderState(
  order: SandboxZftOrder,
  input: { state: ZftControlState; rejectReasons?: { field: string; reason: string }[] },
  options: { now?: () => Date } = {},
): SandboxZftOrder {
  const next: SandboxZftOrder = {
    ...order,
    ...FLAGS[input.state],
    state: input.state,
    updated_at: (options.now?.() ?? new Date()).toISOString(),
  };
  if (input.state === 'finished') {
    next.smid = newSmid();
    if (order.settles_to_card) next.card_alias_no = newCardAliasNo();
  }
  if (input.state === 'rejected') {
    const reasons = input.rejectReasons?.length ? input.rejectReasons : [{ field: '', reason: '资料审核不通过' }];
    next.reject_reasons = reasons;
    next.reason = reasons.map((r) => (r.field ? `${r.field}：${r.reason}` : r.reason)).join('；');
    next.kz_audit_memo = next.reason;
  }
  if (input.state === 'canceled') next.reason = '二级商户未在规定时间内确认，进件单已关闭';
  return next;
}

export async function listZftOrders(store: SandboxStore): Promise<ZftOrderSummary[]> {
  const orders = await store.list<SandboxZftOrder>(ZFT_ORDER_KIND);
  return orders
    .sort((a, b) => a.apply_time.localeCompare(b.apply_time) || a.order_id.localeCompare(b.order_id))
    .map(summary);
}
