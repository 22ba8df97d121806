import { AppError } from '@/server/errors';

/**
 * The upstream said the access token is invalid or expired (40001, 40014, 42001: D.12). Not a failure of the
 * request: refresh the token (component: the client does it; authorizer: the caller) and retry once.
 */
export class TokenExpiredError extends AppError {
  constructor(
    readonly tokenKind: 'component' | 'authorizer',
    readonly errcode: number,
  ) {
    super(
      'upstream_unavailable',
      `providerA refused the ${tokenKind} access token (errcode ${errcode}); refresh it and retry.`,
    );
    this.name = 'TokenExpiredError';
  }
}

export const TOKEN_ERRCODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/** WeChat errmsg text without the trailing ` rid: …` / ` hint: […]` request ids, kept short. */
export function cleanErrmsg(errmsg: unknown): string {
  const text = typeof errmsg === 'string' ? errmsg : '';
  const cleaned = text.replace(/\s*(rid:\s*\S+|hint:\s*\[[^\]]*\])\s*$/i, '').trim();
  return cleaned.length > 160 ? `${cleaned.slice(0, 160)}…` : cleaned;
}

/** Quotas (D.12, E): what ran out and how long until it is worth asking again. */
const QUOTAS: Record<number, { what: string; retryAfterSeconds: number }> = {
  45009: { what: 'the daily API call quota', retryAfterSeconds: 3600 },
  45011: { what: 'the per-minute API call quota', retryAfterSeconds: 60 },
  85085: { what: "the platform's monthly submit-audit quota", retryAfterSeconds: 86_400 },
  87013: { what: 'the audit-withdrawal quota (5 per day, 10 per month)', retryAfterSeconds: 86_400 },
  89405: { what: 'the monthly expedited-audit quota', retryAfterSeconds: 86_400 },
};

/** Our own configuration or state, not the caller's input: an operator must act. */
const PLATFORM_PROBLEMS: Record<number, string> = {
  40125: 'the component appsecret is invalid',
  41004: 'the component appsecret is missing',
  61004: "this server's IP is not on the component whitelist",
  61005: 'the component_verify_ticket has expired; wait for the next ticket push',
  61006: 'the component_verify_ticket is invalid; wait for the next ticket push',
  61011: 'the component appid is invalid',
  61024: 'the call needs a component access token',
  41001: 'the access token was not sent',
};

/** Caller input the upstream refused, mapped to the request field it concerns. */
const INPUT_PROBLEMS: Record<number, { pointer: string; message: string }> = {
  85013: { pointer: '/extJson', message: 'extJson is not a valid ext.json configuration' },
  85014: { pointer: '/templateId', message: 'the template does not exist' },
  85043: { pointer: '/templateId', message: 'the template is faulty' },
  85044: { pointer: '/templateId', message: 'the code package exceeds the size limit' },
  85045: { pointer: '/extJson', message: 'a page path in extJson does not exist in the template' },
  85046: { pointer: '/extJson', message: 'a tabBar item in extJson lacks pagePath' },
  85047: { pointer: '/extJson', message: 'extJson leaves the pages list empty' },
  85048: { pointer: '/extJson', message: 'extJson could not be parsed' },
  85064: { pointer: '/templateId', message: 'the template or draft does not exist' },
  85006: { pointer: '/itemList', message: 'a tag is malformed (at most 10 tags of 20 characters, space-separated)' },
  85007: { pointer: '/itemList', message: 'a page path is not in the committed code' },
  85008: { pointer: '/itemList', message: "a category is not one of the mini program's categories" },
  85010: { pointer: '/itemList', message: 'an item lacks a required field' },
  85011: { pointer: '/itemList', message: 'a title is invalid (at most 32 characters)' },
  85023: { pointer: '/itemList', message: 'itemList must hold 1 to 5 items' },
  85012: { pointer: '/auditId', message: 'the audit id is not valid for this mini program' },
  85001: { pointer: '/member', message: 'the WeChat id does not exist or cannot be searched' },
  85004: { pointer: '/member', message: 'the WeChat id is already a tester' },
  85081: { pointer: '/policy/grayPercentage', message: 'the gray release percentage is invalid (1–100)' },
};

/** State conflicts the caller can resolve by waiting or by another step (409). */
const CONFLICTS: Record<number, { code: 'audit_in_progress' | 'audit_not_approved' | 'conflict'; message: string }> = {
  85009: { code: 'audit_in_progress', message: 'a version is already under audit' },
  85019: { code: 'audit_not_approved', message: 'no approved version is waiting for release' },
  85020: { code: 'audit_not_approved', message: 'the latest audit is not approved (or a newer commit replaced it)' },
  85052: { code: 'conflict', message: 'this version is already released' },
  85079: { code: 'conflict', message: 'a gray release needs a version online already (release the first one fully)' },
  85080: { code: 'audit_not_approved', message: 'the latest audit is not approved, so it cannot be gray released' },
  85082: { code: 'conflict', message: 'the gray release percentage must be higher than the running one' },
  87011: { code: 'conflict', message: 'a gray release is in progress' },
  87012: { code: 'conflict', message: 'there is no previous release to roll back to' },
  61039: { code: 'conflict', message: 'the code scan of the last commit has not finished; submit again shortly' },
  85086: { code: 'conflict', message: 'commit code before submitting it for audit' },
  86001: { code: 'conflict', message: 'the mini program has no committed (experience) version' },
};

/**
 * Maps a non-zero errcode to our error (D.12). errmsg is WeChat's static English text (no personal data);
 * it is still cleaned of request ids and shortened.
 */
export function mapErrcode(errcode: number, errmsg: unknown, tokenKind: 'component' | 'authorizer'): AppError {
  const upstream = cleanErrmsg(errmsg);
  const tag = `errcode ${errcode}${upstream ? `: ${upstream}` : ''}`;
  if (TOKEN_ERRCODES.has(errcode)) return new TokenExpiredError(tokenKind, errcode);
  const quota = QUOTAS[errcode];
  if (quota)
    return new AppError('rate_limited', `providerA: ${quota.what} is exhausted (${tag}).`, {
      retryAfterSeconds: quota.retryAfterSeconds,
      // Which quota: a rollout waits for the audit quota (85085) and backs off from a call quota (45009, 45011).
      errors: [{ pointer: '', code: `providerA_${errcode}`, message: `${quota.what} is exhausted` }],
    });
  const platform = PLATFORM_PROBLEMS[errcode];
  if (platform)
    return new AppError('upstream_unavailable', `providerA refused the platform's credentials: ${platform} (${tag}).`);
  const input = INPUT_PROBLEMS[errcode];
  if (input) {
    return new AppError('invalid_request', `providerA: ${input.message} (${tag}).`, {
      errors: [{ pointer: input.pointer, code: `providerA_${errcode}`, message: input.message }],
    });
  }
  const conflict = CONFLICTS[errcode];
  // The errcode stays on the error: a repeat after a lost answer (85009, 85052) is recognized by it.
  if (conflict)
    return new AppError(conflict.code, `providerA: ${conflict.message} (${tag}).`, {
      errors: [{ pointer: '', code: `providerA_${errcode}`, message: conflict.message }],
    });
  return new AppError('upstream_rejected', `providerA rejected the request (${tag}).`, {
    errors: [{ pointer: '', code: `providerA_${errcode}`, message: upstream || `errcode ${errcode}` }],
  });
}

/** Whether a mapped providerA error came from this errcode. */
export const isErrcode = (error: unknown, errcode: number) =>
  error instanceof AppError && error.errors.some((e) => e.code === `providerA_${errcode}`);
