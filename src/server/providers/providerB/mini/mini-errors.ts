import { AppError } from '@/server/errors';
import { ProviderBGatewayError } from '../gateway/gateway-errors';

/** B.6: the token is unknown/revoked or expired. Refreshing it is the only useful reaction. */
export const APP_AUTH_TOKEN_SUB_CODES = new Set(['aop.invalid-app-auth-token', 'aop.app-auth-token-time-out']);
/** B.3: the refresh token (or auth code) no longer works: the merchant must authorise again. */
const REFRESH_TOKEN_SUB_CODES = new Set(['isv.refresh-token-invalid', 'isv.refresh-token-time-out']);
const AUTH_CODE_SUB_CODES = new Set(['isv.code-invalid', 'isv.code-time-out']);
/** C.3: one version per mini program may be auditing / approved / rejected / in gray at a time. */
const AUDIT_IN_PROGRESS_SUB_CODES = new Set(['CAN_NOT_SUBMIT_WITH_AUDIT_GRAY']);
/** C.5: nothing was released before the online version. */
const NO_EARLIER_RELEASE_SUB_CODES = new Set(['ROLLBACK_VERSION_NOT_EXIST']);
/** The same words as WeChat's 87012 (providerA wx-errors.ts), so a rollback refusal reads alike on both. */
export const NO_EARLIER_RELEASE = 'there is no previous release to roll back to';

/** 409 `conflict`: a rollback with nothing earlier to go back to, the same problem on both providers. */
export const noEarlierRelease = (detail: string, cause?: unknown) =>
  new AppError('conflict', `providerB: ${NO_EARLIER_RELEASE} (${detail}).`, {
    errors: [{ pointer: '', code: `providerB_ROLLBACK_VERSION_NOT_EXIST`, message: NO_EARLIER_RELEASE }],
    cause,
  });

/**
 * A proxied call failed because the merchant's `app_auth_token` is invalid or expired. The caller
 * refreshes it (`refreshAppAuthToken`) and retries once; see withAppAuthTokenRefresh.
 */
export class AppAuthTokenExpiredError extends AppError {
  constructor(
    readonly method: string,
    readonly subCode: string,
    cause: unknown,
  ) {
    super(
      'upstream_rejected',
      `providerB refused the merchant's app_auth_token on ${method} (${subCode}); refresh it and retry.`,
      { cause },
    );
    this.name = 'AppAuthTokenExpiredError';
  }
}

/** The refresh token is no longer accepted: the authorization is gone (mark the authorizer unauthorized). */
export class AppAuthorizationRevokedError extends AppError {
  constructor(
    readonly subCode: string,
    cause: unknown,
  ) {
    super(
      'upstream_rejected',
      `providerB refused the app_refresh_token (${subCode}); the merchant must authorise again.`,
      { cause },
    );
    this.name = 'AppAuthorizationRevokedError';
  }
}

/** The upstream answer behind an AppError thrown by the gateway, when there is one. */
export function gatewayFailureOf(error: unknown): ProviderBGatewayError | undefined {
  const cause = error instanceof AppError ? error.options.cause : undefined;
  return cause instanceof ProviderBGatewayError ? cause : undefined;
}

/**
 * Refines the gateway's generic mapping for the mini-program family. The gateway reports `40002 isv.*`
 * codes as our configuration problem, which is right for signatures but not for a stale auth code or
 * refresh token, so those are re-read here too. sub_code and (redacted) sub_msg stay in the message.
 */
export function remapMiniError(error: unknown): unknown {
  const failure = gatewayFailureOf(error);
  if (!failure?.subCode) return error;
  const sub = failure.subCode;
  const label = `${failure.code} ${sub}${failure.subMsg ? `: ${failure.subMsg}` : ''}`;
  if (APP_AUTH_TOKEN_SUB_CODES.has(sub)) return new AppAuthTokenExpiredError(failure.method, sub, failure);
  if (REFRESH_TOKEN_SUB_CODES.has(sub)) return new AppAuthorizationRevokedError(sub, failure);
  if (AUTH_CODE_SUB_CODES.has(sub))
    return new AppError('upstream_rejected', `providerB refused the app_auth_code (${label}).`, { cause: failure });
  if (NO_EARLIER_RELEASE_SUB_CODES.has(sub)) return noEarlierRelease(label, failure);
  if (AUDIT_IN_PROGRESS_SUB_CODES.has(sub)) {
    return new AppError(
      'audit_in_progress',
      `Another version of this mini program is under audit, approved but not released, rejected, or in gray release (${label}).`,
      { cause: failure },
    );
  }
  return error;
}

/**
 * Runs a proxied call and, if the token was refused, refreshes it once and runs the call again with the
 * new token. A second refusal (or a refused refresh) propagates.
 */
export async function withAppAuthTokenRefresh<T>(
  appAuthToken: string,
  run: (appAuthToken: string) => Promise<T>,
  refresh: () => Promise<string>,
): Promise<T> {
  try {
    return await run(appAuthToken);
  } catch (error) {
    if (!(error instanceof AppAuthTokenExpiredError)) throw error;
    return run(await refresh());
  }
}
