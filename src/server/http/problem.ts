/** The one mapping from errors to RFC 9457 application/problem+json. */
import { AppError, type ErrorCode } from '@/server/errors';
import { logger } from '@/server/logger';

const titles: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'Invalid request',
  unauthenticated: 'Authentication required',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  form_incomplete: 'Onboarding form incomplete',
  image_data_incomplete: 'Image data incomplete',
  ext_json_invalid: 'ext JSON invalid for some authorizers',
  upstream_rejected: 'Rejected by the upstream provider',
  rate_limited: 'Too many requests',
  upstream_unavailable: 'Upstream provider unavailable',
  decoding_busy: 'Too many images being processed',
  upstream_timeout: 'Upstream provider timed out',
  internal_error: 'Internal server error',
};

export function problemBody(error: AppError, requestId: string) {
  return {
    type: `https://docs.onboarding.local/errors/${error.code}`,
    title: titles[error.code] ?? error.code.replace(/_/g, ' '),
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId,
    errors: error.errors,
  };
}

export function problemResponse(error: AppError, requestId: string, headers: Record<string, string> = {}) {
  const extra: Record<string, string> = { ...error.options.headers, ...headers };
  if (error.options.retryAfterSeconds !== undefined) extra['Retry-After'] = String(error.options.retryAfterSeconds);
  return new Response(JSON.stringify(problemBody(error, requestId)), {
    status: error.status,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, ...extra },
  });
}

/** Anything that is not an AppError is a bug: logged with its stack, answered without internals. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  logger.error({ err: error }, 'unhandled error');
  return new AppError(
    'internal_error',
    'Something went wrong on our side. Quote the requestId when contacting support.',
  );
}
