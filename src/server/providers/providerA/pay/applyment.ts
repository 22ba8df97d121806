import { AppError } from '@/server/errors';
import { encryptSensitive } from '@/protocols/providerA/pay/encrypt-sensitive';
import { upstreamFieldToFormField } from './field-map';
import { parseJsonObject, type PayTransport } from './http-transport';
import { mapFormDataToApplymentBody } from './map-form-data';
import { ApplymentInProgressError, isApplymentNotFound, mapUpstreamError } from './map-upstream-error';
import { APPLYMENT_STATE_MAP } from '@/protocols/providerA/pay/applyment-states';
import type { ApplymentFormData, ApplymentStatus, RejectReason } from './types';

/**
 * applyment_id is a uint64 JSON number; JSON.parse would round anything above 2^53, so the digits are read
 * from the raw body.
 */
function applymentIdOf(bodyText: string): string {
  const id = bodyText.match(/"applyment_id"\s*:\s*"?(\d+)"?/)?.[1];
  if (!id) throw new AppError('upstream_unavailable', 'providerA answered without an applyment_id.');
  return id;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function rejectReasonsOf(auditDetail: unknown, formData?: ApplymentFormData): RejectReason[] {
  if (!Array.isArray(auditDetail)) return [];
  return auditDetail.map((item: Record<string, unknown>) => {
    const field = text(item.field) ?? '';
    return { field: upstreamFieldToFormField(field, formData) ?? field, reason: text(item.reject_reason) ?? '' };
  });
}

export function parseApplymentStatus(bodyText: string, formData?: ApplymentFormData): ApplymentStatus {
  const body = parseJsonObject(bodyText);
  const upstreamState = text(body.applyment_state) ?? '';
  const state = APPLYMENT_STATE_MAP[upstreamState];
  if (!state)
    throw new AppError(
      'upstream_unavailable',
      `providerA returned an unknown applyment_state "${upstreamState.slice(0, 64)}".`,
    );
  const status: ApplymentStatus = {
    applymentId: applymentIdOf(bodyText),
    businessCode: text(body.business_code) ?? '',
    state,
    upstreamState,
    stateMsg: text(body.applyment_state_msg) ?? '',
    rejectReasons: rejectReasonsOf(body.audit_detail, formData),
  };
  const subMchid = text(body.sub_mchid);
  if (subMchid) status.subMchid = subMchid;
  const signUrl = text(body.sign_url);
  if (signUrl) status.signUrl = signUrl;
  return status;
}

async function queryApplyment(
  transport: PayTransport,
  path: string,
  formData?: ApplymentFormData,
): Promise<ApplymentStatus | null> {
  const result = await transport.send({ method: 'GET', path, signBody: '' });
  if (!result.ok) {
    if (isApplymentNotFound(result.status, result.error)) return null;
    throw mapUpstreamError(result.status, result.error);
  }
  return parseApplymentStatus(result.bodyText, formData);
}

/**
 * `GET /v3/applyment4sub/applyment/business_code/{code}` → the normalized status, or null when the upstream
 * knows no such application. Pass the submitted formData to resolve reject reasons to the keys that fed them.
 */
export function queryApplymentByBusinessCode(
  transport: PayTransport,
  businessCode: string,
  formData?: ApplymentFormData,
) {
  return queryApplyment(
    transport,
    `/v3/applyment4sub/applyment/business_code/${encodeURIComponent(businessCode)}`,
    formData,
  );
}

export function queryApplymentById(transport: PayTransport, applymentId: string, formData?: ApplymentFormData) {
  if (!/^\d+$/.test(applymentId)) throw new AppError('invalid_request', 'applymentId must be digits.');
  return queryApplyment(transport, `/v3/applyment4sub/applyment/applyment_id/${applymentId}`, formData);
}

/**
 * `POST /v3/applyment4sub/applyment/` (B.2). The body is built and encrypted once, so retries resend identical
 * bytes. 400 PROCESSING means the business_code already has an application under review: on the first attempt
 * that is surfaced as ApplymentInProgressError (query instead); after a retry it most likely means our own
 * earlier attempt landed while its answer was lost, so the application is looked up and its id returned.
 */
export async function submitApplyment(
  transport: PayTransport,
  input: { businessCode: string; formData: ApplymentFormData },
): Promise<{ applymentId: string }> {
  const { serial, key } = await transport.platformKeys.encryption();
  const body = mapFormDataToApplymentBody({ ...input, encrypt: (plaintext) => encryptSensitive(plaintext, key) });
  const json = JSON.stringify(body);
  const result = await transport.send({
    method: 'POST',
    path: '/v3/applyment4sub/applyment/',
    body: json,
    signBody: json,
    contentType: 'application/json',
    encryptionSerial: serial,
  });
  if (result.ok) return { applymentId: applymentIdOf(result.bodyText) };
  const error = mapUpstreamError(result.status, result.error, input.formData);
  if (error instanceof ApplymentInProgressError && result.attempts > 1) {
    const existing = await queryApplymentByBusinessCode(transport, input.businessCode);
    if (existing) return { applymentId: existing.applymentId };
  }
  throw error;
}
