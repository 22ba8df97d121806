import { randomInt } from 'node:crypto';
import type { SandboxStore } from '@/sandbox/store';

/** The emulator's applyment records (docs/upstream/providerA.md B.4, B.5, B.9), keyed by business_code. */

export const APPLYMENT_KIND = 'providerA.pay.applyment';

export type UpstreamApplymentState =
  | 'APPLYMENT_STATE_EDITTING'
  | 'APPLYMENT_STATE_AUDITING'
  | 'APPLYMENT_STATE_REJECTED'
  | 'APPLYMENT_STATE_TO_BE_CONFIRMED'
  | 'APPLYMENT_STATE_TO_BE_SIGNED'
  | 'APPLYMENT_STATE_SIGNING'
  | 'APPLYMENT_STATE_FINISHED'
  | 'APPLYMENT_STATE_CANCELED';

export const STATE_MESSAGES: Record<UpstreamApplymentState, string> = {
  APPLYMENT_STATE_EDITTING: '编辑中',
  APPLYMENT_STATE_AUDITING: '审核中',
  APPLYMENT_STATE_REJECTED: '已驳回',
  APPLYMENT_STATE_TO_BE_CONFIRMED: '待账户验证',
  APPLYMENT_STATE_TO_BE_SIGNED: '待签约',
  APPLYMENT_STATE_SIGNING: '开通权限中',
  APPLYMENT_STATE_FINISHED: '已完成',
  APPLYMENT_STATE_CANCELED: '已作废',
};

/** States in which the same business_code may be submitted again, overwriting the application (B.5, docs/product/decisions.md §4). */
export const RESUBMITTABLE: ReadonlySet<UpstreamApplymentState> = new Set([
  'APPLYMENT_STATE_EDITTING',
  'APPLYMENT_STATE_REJECTED',
  'APPLYMENT_STATE_CANCELED',
]);

export type AuditDetail = { field: string; field_name: string; reject_reason: string };

export type SandboxApplyment = {
  business_code: string;
  /** Decimal string; sent as a JSON number (16 digits, below 2^53). */
  applyment_id: string;
  state: UpstreamApplymentState;
  /** 1 for the first submit, +1 per resubmission after REJECTED/EDITTING/CANCELED. */
  round: number;
  sub_mchid?: string;
  sign_url?: string;
  audit_detail: AuditDetail[];
  /** The submit body exactly as received: sensitive fields stay RSA-OAEP ciphertext, never plaintext. */
  request: Record<string, unknown>;
  submitted_at: string;
  updated_at: string;
};

export const getApplyment = (store: SandboxStore, businessCode: string) =>
  store.get<SandboxApplyment>(APPLYMENT_KIND, businessCode);

/**
 * applyment_id → business_code: a lookup by id is one read, not a scan of every application (a seeded sandbox
 * holds tens of thousands, `sandbox seed`).
 */
export const APPLYMENT_ID_KIND = 'providerA.pay.applyment_by_id';

export async function putApplyment(store: SandboxStore, record: SandboxApplyment) {
  await store.put(APPLYMENT_KIND, record.business_code, record);
  await store.put(APPLYMENT_ID_KIND, record.applyment_id, { business_code: record.business_code });
}

export async function findApplymentById(
  store: SandboxStore,
  applymentId: string,
): Promise<SandboxApplyment | undefined> {
  const ref = await store.get<{ business_code: string }>(APPLYMENT_ID_KIND, applymentId);
  if (ref) return getApplyment(store, ref.business_code);
  // Applications stored before the index existed are found by a scan.
  return (await store.list<SandboxApplyment>(APPLYMENT_KIND)).find((a) => a.applyment_id === applymentId);
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** 16 digits starting `2000` (B.9). */
export async function newApplymentId(store: SandboxStore): Promise<string> {
  for (;;) {
    const id = `2000${digits(12)}`;
    // The index alone: ids are random in 10^12, so an unindexed older one is not worth a scan per submit.
    if (!(await store.get(APPLYMENT_ID_KIND, id))) return id;
  }
}

/** 10 digits, like real sub_mchids. */
export const newSubMchid = () => `16${digits(8)}`;

/** Field labels the upstream puts in `audit_detail[].field_name` for the commonly rejected fields. */
const FIELD_NAMES: Record<string, string> = {
  id_card_copy: '身份证人像面照片',
  id_card_national: '身份证国徽面照片',
  license_copy: '营业执照照片',
  store_entrance_pic: '门店门头照片',
  indoor_pic: '店内环境照片',
  account_number: '银行账号',
  merchant_shortname: '商户简称',
};
export const fieldNameOf = (field: string) => FIELD_NAMES[field.split('/').at(-1) ?? field] ?? field;

/** The B.4 query body. applyment_id is spliced in as a bare number, as the upstream sends it. */
export function applymentQueryBody(record: SandboxApplyment): string {
  const view: Record<string, unknown> = { business_code: record.business_code, applyment_id: '__ID__' };
  const signed = ['APPLYMENT_STATE_TO_BE_SIGNED', 'APPLYMENT_STATE_SIGNING', 'APPLYMENT_STATE_FINISHED'];
  if (record.sub_mchid && signed.includes(record.state)) view.sub_mchid = record.sub_mchid;
  // The doc marks sign_url as always present ([U] in practice); the sandbox shows it only while the
  // administrator has something to do with it, which is when the service should show it.
  const signable = ['APPLYMENT_STATE_TO_BE_CONFIRMED', 'APPLYMENT_STATE_TO_BE_SIGNED'];
  if (record.sign_url && signable.includes(record.state)) view.sign_url = record.sign_url;
  view.applyment_state = record.state;
  view.applyment_state_msg = STATE_MESSAGES[record.state];
  if (record.state === 'APPLYMENT_STATE_REJECTED') view.audit_detail = record.audit_detail;
  return JSON.stringify(view).replace('"__ID__"', record.applyment_id);
}
