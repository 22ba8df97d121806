import type { ChApplymentState } from '@/protocols/providerB/zft/methods';
import { redactPersonalData } from '../gateway/gateway-errors';
import { upstreamFieldToFormField } from './field-names';
import type { ZftFormData } from './form-data';

export interface RejectReason {
  /** formData field name; '' when the upstream text names no field we know. */
  field: string;
  reason: string;
}

export interface ZftApplicationStatus {
  applymentId: string;
  externalId?: string;
  state: ChApplymentState;
  stateMsg: string;
  /** Alipay `smid`, only once the order is finished (status 99). */
  subMchid?: string;
  /** Only quickcreate orders carry a sign link; plain zft.create orders are confirmed inside Alipay. */
  signUrl?: string;
  cardAliasNo?: string;
  rejectReasons: RejectReason[];
}

/** One ZftSubMerchantOrder as zftorder.query returns it (D.4); only the fields we read. */
export interface ZftOrder {
  order_id?: string;
  external_id?: string;
  status?: string;
  smid?: string;
  card_alias_no?: string;
  fk_audit?: string;
  fk_audit_memo?: string;
  kz_audit?: string;
  kz_audit_memo?: string;
  sub_confirm?: string;
  reason?: string;
  apply_time?: string;
  sub_sign_short_chain_url?: string;
  sub_sign_qr_code_url?: string;
}

const DONE = new Set(['PASS', 'SKIP']);

/**
 * Alipay order (status + fk_audit/kz_audit + sub_confirm) → our state names. Alipay has three overall
 * statuses, so the review sub-states come from the audit and confirmation flags:
 *
 * | status | flags                                           | state             |
 * |--------|-------------------------------------------------|-------------------|
 * | 99     | –                                               | finished          |
 * | -1     | fk/kz REJECT, or sub_confirm FAIL               | rejected          |
 * | -1     | anything else (e.g. closed while NOT_CONFIRM)   | canceled          |
 * | 031    | fk or kz audit still CREATE (or missing)        | auditing          |
 * | 031    | audits PASS/SKIP, sub_confirm CREATE            | to_be_confirmed   |
 * | 031    | audits PASS/SKIP, sub_confirm NOT_CONFIRM       | to_be_signed      |
 * | 031    | audits PASS/SKIP, sub_confirm FINISH/SKIP       | signing           |
 * | other  | –                                               | submitted         |
 */
export function zftOrderState(order: ZftOrder): ChApplymentState {
  if (order.status === '99') return 'finished';
  if (order.status === '-1') {
    const rejected = order.fk_audit === 'REJECT' || order.kz_audit === 'REJECT' || order.sub_confirm === 'FAIL';
    return rejected ? 'rejected' : 'canceled';
  }
  if (order.status !== '031') return 'submitted';
  if (!DONE.has(order.fk_audit ?? '') || !DONE.has(order.kz_audit ?? '')) return 'auditing';
  if (order.sub_confirm === 'CREATE') return 'to_be_confirmed';
  if (order.sub_confirm === 'NOT_CONFIRM') return 'to_be_signed';
  return 'signing';
}

/** What the service shows for each state of an Alipay order (a failed one shows its reason instead). */
export const zftStateMessages: Record<ChApplymentState, string> = {
  submitted: 'Application received by providerB.',
  auditing: 'providerB is reviewing the application.',
  to_be_confirmed: 'The sub-merchant must confirm the application in the Alipay app.',
  to_be_signed: 'Waiting for the sub-merchant to confirm and sign in the Alipay app.',
  signing: 'Confirmed; providerB is opening the sub-merchant.',
  finished: 'The sub-merchant is open.',
  rejected: 'providerB rejected the application.',
  canceled: 'The application was closed without completion.',
};

/**
 * Audit text → reasons. Parts are separated by `;`/`；`/newlines; a part that names an upstream field
 * (`cert_no：…`) is attributed to the matching formData field.
 */
export function parseRejectReasons(text: string | undefined, formData?: ZftFormData): RejectReason[] {
  if (!text) return [];
  return text
    .split(/[;；\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      for (const token of part.match(/[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*)*/g) ?? []) {
        const field = upstreamFieldToFormField(token, formData);
        if (field)
          return {
            field,
            reason:
              part
                .replace(token, '')
                .replace(/^[\s:：,，-]+/, '')
                .trim() || part,
          };
      }
      return { field: '', reason: part };
    });
}

export function normalizeZftOrder(order: ZftOrder, formData?: ZftFormData): ZftApplicationStatus {
  const state = zftOrderState(order);
  const failed = state === 'rejected' || state === 'canceled';
  const rawReason = failed ? [order.reason, order.kz_audit_memo, order.fk_audit_memo].find((t) => t) : undefined;
  const reasonText = rawReason === undefined ? undefined : redactPersonalData(rawReason);
  const rejectReasons = state === 'rejected' ? parseRejectReasons(reasonText, formData) : [];
  return {
    applymentId: order.order_id ?? '',
    externalId: order.external_id,
    state,
    stateMsg: failed && reasonText ? reasonText : zftStateMessages[state],
    subMchid: state === 'finished' ? order.smid : undefined,
    signUrl: order.sub_sign_short_chain_url ?? order.sub_sign_qr_code_url,
    cardAliasNo: order.card_alias_no,
    rejectReasons,
  };
}
