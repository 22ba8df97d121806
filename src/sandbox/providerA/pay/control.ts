import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import {
  APPLYMENT_KIND,
  STATE_MESSAGES,
  fieldNameOf,
  findApplymentById,
  newSubMchid,
  putApplyment,
  type SandboxApplyment,
  type UpstreamApplymentState,
} from './applyment-store';

/** Test/demo controls behind `POST /sandbox/control/providerA/applyments/{id}` (docs/product/decisions.md §7). */

const STATE_NAMES: Record<string, UpstreamApplymentState> = {
  submitted: 'APPLYMENT_STATE_EDITTING',
  auditing: 'APPLYMENT_STATE_AUDITING',
  rejected: 'APPLYMENT_STATE_REJECTED',
  to_be_confirmed: 'APPLYMENT_STATE_TO_BE_CONFIRMED',
  to_be_signed: 'APPLYMENT_STATE_TO_BE_SIGNED',
  signing: 'APPLYMENT_STATE_SIGNING',
  finished: 'APPLYMENT_STATE_FINISHED',
  canceled: 'APPLYMENT_STATE_CANCELED',
};

/** What the control API shows: no request body (it holds ciphertexts and media ids only, but is noise). */
export type SandboxApplymentSummary = {
  applymentId: string;
  businessCode: string;
  state: UpstreamApplymentState;
  stateMsg: string;
  round: number;
  subMchid?: string;
  signUrl?: string;
  auditDetail: { field: string; field_name: string; reject_reason: string }[];
  submittedAt: string;
  updatedAt: string;
};

function summarize(a: SandboxApplyment): SandboxApplymentSummary {
  return {
    applymentId: a.applyment_id,
    businessCode: a.business_code,
    state: a.state,
    stateMsg: STATE_MESSAGES[a.state],
    round: a.round,
    ...(a.sub_mchid ? { subMchid: a.sub_mchid } : {}),
    ...(a.sign_url ? { signUrl: a.sign_url } : {}),
    auditDetail: a.audit_detail,
    submittedAt: a.submitted_at,
    updatedAt: a.updated_at,
  };
}

/** The page the merchant's administrator would open in WeChat; the sandbox has no such page, hence `.invalid`. */
const DEFAULT_SIGN_URL_BASE = 'https://sign.providera-sandbox.invalid/applyment/sign';

/**
 * Moves an application to `state` (our names, or `APPLYMENT_STATE_*`). Any move is allowed: this is the
 * reviewer's hand, and B.5's arrows are inferred. Entering to_be_signed/signing/finished assigns a 10-digit
 * sub_mchid (once); to_be_confirmed/to_be_signed hand out a sign_url; rejected keeps `rejectReasons`
 * (`field` in upstream names, e.g. `id_card_copy`) as `audit_detail`.
 */
export async function setApplymentState(
  store: SandboxStore,
  applymentId: string,
  change: { state: string; rejectReasons?: { field: string; reason: string }[] },
  options: { now?: () => Date; signUrlBase?: string } = {},
): Promise<SandboxApplymentSummary> {
  const state =
    STATE_NAMES[change.state] ??
    (Object.values(STATE_NAMES).includes(change.state as UpstreamApplymentState)
      ? (change.state as UpstreamApplymentState)
      : undefined);
  if (!state) {
    throw new AppError('invalid_request', `Unknown applyment state "${change.state}".`, {
      errors: [{ pointer: '/state', code: 'invalid_enum', message: `One of ${Object.keys(STATE_NAMES).join(', ')}.` }],
    });
  }
  const record = await findApplymentById(store, applymentId);
  if (!record) throw notFound('Sandbox applyment');
  applyApplymentState(record, state, change.rejectReasons, options);
  await putApplyment(store, record);
  return summarize(record);
}

/**
 * The reviewer's move on an application held in hand (setApplymentState's effect, also used to seed records in
 * a state): the state, its time, audit_detail for a rejection, a sub_mchid once signing starts, a sign_url
 * while the administrator has something to do.
 */
export function applyApplymentState(
  record: SandboxApplyment,
  state: UpstreamApplymentState,
  rejectReasons: { field: string; reason: string }[] | undefined,
  options: { now?: () => Date; signUrlBase?: string } = {},
) {
  record.state = state;
  record.updated_at = (options.now?.() ?? new Date()).toISOString();
  record.audit_detail =
    state === 'APPLYMENT_STATE_REJECTED'
      ? (rejectReasons ?? []).map((r) => ({
          field: r.field,
          field_name: fieldNameOf(r.field),
          reject_reason: r.reason,
        }))
      : [];
  if (['APPLYMENT_STATE_TO_BE_SIGNED', 'APPLYMENT_STATE_SIGNING', 'APPLYMENT_STATE_FINISHED'].includes(state)) {
    record.sub_mchid ??= newSubMchid();
  }
  if (['APPLYMENT_STATE_TO_BE_CONFIRMED', 'APPLYMENT_STATE_TO_BE_SIGNED'].includes(state) && !record.sign_url) {
    record.sign_url = `${options.signUrlBase ?? DEFAULT_SIGN_URL_BASE}?applyment_id=${record.applyment_id}&token=${randomBytes(12).toString('hex')}`;
  }
}

/** Our state names as the upstream's (`submitted` is the upstream's EDITTING). */
export const upstreamApplymentState = (state: string): UpstreamApplymentState | undefined => STATE_NAMES[state];

/** Every application the sandbox holds, newest first. */
export async function listApplyments(store: SandboxStore): Promise<SandboxApplymentSummary[]> {
  const all = await store.list<SandboxApplyment>(APPLYMENT_KIND);
  return all.sort((a, b) => b.updated_at.localeCompare(a.updated_at)).map(summarize);
}
