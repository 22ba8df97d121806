import { AppError, type FieldError } from '@/server/errors';

/** Masks what could be personal data in upstream text (ID/account/mobile numbers, e-mails) before we keep it. */
export function redactPersonalData(text: string): string {
  return text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '***').replace(/\d{6,}/g, '***');
}

/** A non-10000 gateway answer. `subMsg` is already redacted, so the error is safe to log. */
export class ProviderBGatewayError extends Error {
  readonly subMsg: string | undefined;
  constructor(
    readonly method: string,
    readonly code: string,
    readonly msg: string,
    readonly subCode: string | undefined,
    subMsg: string | undefined,
  ) {
    super(`providerB ${method} answered ${code}${subCode ? ` ${subCode}` : ''}`);
    this.name = 'ProviderBGatewayError';
    this.subMsg = subMsg === undefined ? undefined : redactPersonalData(subMsg);
  }
}

export type GatewayFailureKind = 'retryable' | 'rate_limited' | 'configuration' | 'rejected';

// No authoritative throttling sub_code is published (docs/upstream/providerB.md E); these cover the names seen in the wild.
const RATE_LIMIT = /(call-limit|limited|flow-?limit|over-?limit|too-?many|frequen)/i;
// 40002 isv.* codes that describe a business parameter, not our credentials or protocol.
const PARAMETER_ISV = new Set([
  'isv.invalid-parameter',
  'isv.upload-fail',
  'isv.invalid-file-extension',
  'isv.invalid-file-size',
]);

/**
 * 20000 / isp.* / *SYSTEM_ERROR are Alipay-side faults: retry. 40001 and protocol 40002 codes (bad
 * signature, app id, timestamp…) are our configuration: retrying cannot help. Everything else (40004,
 * 40006, 20001, parameter errors) is the upstream refusing the request.
 */
export function classifyGatewayFailure(code: string, subCode: string | undefined): GatewayFailureKind {
  const sub = subCode ?? '';
  if (RATE_LIMIT.test(sub)) return 'rate_limited';
  if (code === '20000' || sub.startsWith('isp.') || sub.endsWith('SYSTEM_ERROR') || sub === 'aop.unknow-error')
    return 'retryable';
  if (code === '40001') return 'configuration';
  if (code === '40002' && sub.startsWith('isv.') && !PARAMETER_ISV.has(sub)) return 'configuration';
  return 'rejected';
}

/**
 * Upstream messages are mostly Chinese text around ASCII field names such as `in_door_images`,
 * `contact_infos[0].mobile` or `mcc`; every ASCII word is a candidate and the mapper decides.
 */
const FIELD_TOKEN = /[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)*/g;

export function findFieldPointer(
  text: string | undefined,
  fieldPointer?: (upstreamField: string) => string | undefined,
): string | undefined {
  if (!text || !fieldPointer) return undefined;
  for (const token of text.match(FIELD_TOKEN) ?? []) {
    const field = fieldPointer(token);
    if (field) return field;
  }
  return undefined;
}

export function gatewayErrorToAppError(
  error: ProviderBGatewayError,
  fieldPointer?: (upstreamField: string) => string | undefined,
): AppError {
  const kind = classifyGatewayFailure(error.code, error.subCode);
  const label = `${error.code}${error.subCode ? ` ${error.subCode}` : ''}`;
  if (kind === 'rate_limited')
    return new AppError('rate_limited', `providerB throttled ${error.method} (${label}).`, {
      retryAfterSeconds: 1,
      cause: error,
    });
  if (kind === 'retryable')
    return new AppError('upstream_unavailable', `providerB failed ${error.method} (${label}).`, { cause: error });
  if (kind === 'configuration') {
    return new AppError(
      'upstream_unavailable',
      `providerB refused ${error.method} (${label}): check the app id, keys and gateway URL.`,
      { cause: error },
    );
  }
  const field = findFieldPointer(error.subMsg, fieldPointer);
  const errors: FieldError[] = field
    ? [{ pointer: `/formData/${field}`, code: error.subCode ?? error.code, message: error.subMsg ?? error.msg }]
    : [];
  return new AppError(
    'upstream_rejected',
    `providerB rejected ${error.method} (${label})${error.subMsg ? `: ${error.subMsg}` : ''}.`,
    { errors, cause: error },
  );
}
