/**
 * The one error type services throw. It maps once to application/problem+json (src/server/http/problem.ts)
 * and once to a tRPC error (src/server/trpc/errors.ts); services never know which transport carries them.
 */
export type FieldError = { pointer: string; code: string; message: string };

export const errorStatus = {
  invalid_request: 400,
  service_code_required: 400,
  service_code_mismatch: 400,
  invalid_state: 400,
  unauthenticated: 401,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  onboarding_in_progress: 409,
  state_already_used: 409,
  audit_not_approved: 409,
  audit_in_progress: 409,
  invalid_status_transition: 409,
  sub_merchant_unverified: 409,
  submission_in_progress: 409,
  idempotency_key_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  form_incomplete: 422,
  ext_json_invalid: 422,
  image_data_incomplete: 422,
  upstream_rejected: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  decoding_busy: 503,
  data_key_missing: 503,
  mail_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      errors?: FieldError[];
      retryAfterSeconds?: number;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  get errors(): FieldError[] {
    return this.options.errors ?? [];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
