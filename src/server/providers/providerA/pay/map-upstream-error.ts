import { AppError } from '@/server/errors';
import { upstreamFieldToFormField } from './field-map';
import type { ApplymentFormData, UpstreamErrorBody } from './types';

/**
 * A submit whose business_code already has an application under review (400 PROCESSING, B.6). Not a failure
 * of the request: the caller should query the application instead of resubmitting.
 */
export class ApplymentInProgressError extends AppError {
  constructor() {
    super(
      'onboarding_in_progress',
      'An upstream application with this business code is already under review; query it instead of resubmitting.',
    );
  }
}

/** Upstream text is kept short; it describes rules, and detail.value (which may be personal data) is never read. */
function upstreamText(error: UpstreamErrorBody): string {
  const text = error.detail?.issue || error.message || '';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** `detail.field`, or the path quoted in WeChat's "输入源“/business_code”映射到字段…" messages. */
function upstreamField(error: UpstreamErrorBody): string | undefined {
  if (typeof error.detail?.field === 'string' && error.detail.field) return error.detail.field;
  return error.message?.match(/输入源“([^”]+)”/)?.[1];
}

/**
 * Is this 4xx the upstream saying the application does not exist (B.4)? Decided by the error code, never by the
 * HTTP status alone: a 404 for a path the host does not serve (a wrong base URL, a proxy's page) would otherwise
 * read as "no such application" and let a caller submit a second one.
 */
export function isApplymentNotFound(_status: number, error: UpstreamErrorBody): boolean {
  return (
    error.code === 'APPLYMENT_NOTEXIST' ||
    // The generic not-found code also answers a route the host does not have; then it names the path, not a field.
    (error.code === 'RESOURCE_NOT_EXISTS' && !(error.detail?.location === 'path' && !error.detail.field)) ||
    (error.code === 'PARAM_ERROR' && (error.message ?? '').includes('未能找到申请单'))
  );
}

/** Maps a non-retryable upstream 4xx to our error; `formData` resolves field names to the keys actually sent. */
export function mapUpstreamError(status: number, error: UpstreamErrorBody, formData?: ApplymentFormData): AppError {
  const code = error.code ?? `HTTP_${status}`;
  const detail = upstreamText(error);
  const suffix = detail ? `: ${detail}` : '.';
  if (code === 'PROCESSING') return new ApplymentInProgressError();
  if (status === 401 || code === 'SIGN_ERROR') {
    return new AppError(
      'upstream_unavailable',
      "providerA refused this service's request signature (SIGN_ERROR); check the merchant id, key and certificate serial.",
    );
  }
  if (status === 404) {
    // Not an application that does not exist (isApplymentNotFound said so): the request reached no API.
    return new AppError(
      'upstream_unavailable',
      `providerA answered HTTP 404 (${code}${detail ? `: ${detail}` : ''}): the request reached no WeChat Pay API; check the base URL.`,
    );
  }
  if (code === 'NO_AUTH') {
    return new AppError(
      'upstream_unavailable',
      'providerA says this service provider lacks the permission for this call (NO_AUTH).',
    );
  }
  const location = error.detail?.location;
  const field = upstreamField(error);
  if (field && (location === 'header' || location === 'authorization' || /^wechatpay-serial$/i.test(field))) {
    // A header problem is our configuration, not the seller's data.
    return new AppError('upstream_unavailable', `providerA refused a request header (${code})${suffix}`);
  }
  const formField = field ? upstreamFieldToFormField(field, formData) : undefined;
  if (formField) {
    return new AppError('upstream_rejected', `providerA rejected the field ${formField} (${code}).`, {
      errors: [
        {
          pointer: `/formData/${formField}`,
          code: code.toLowerCase(),
          message: detail || `Rejected by providerA (${code}).`,
        },
      ],
    });
  }
  return new AppError('upstream_rejected', `providerA rejected the request (${code})${suffix}`);
}
