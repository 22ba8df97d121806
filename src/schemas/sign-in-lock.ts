/**
 * How a throttled sign-in travels from the credentials provider to the form: next-auth passes the thrown
 * message as `error`, so it carries a code and the whole minutes to wait ("too_many_attempts:3").
 * No server-only imports: the sign-in form parses it too.
 */
export const SIGN_IN_LOCKED = 'too_many_attempts';

export const signInLockedError = (retryAfterSeconds: number) =>
  `${SIGN_IN_LOCKED}:${Math.max(1, Math.ceil(retryAfterSeconds / 60))}`;

/** Minutes to wait, or null when `error` is not a throttling answer. */
export function parseSignInLocked(error: string | null | undefined): number | null {
  const match = new RegExp(`^${SIGN_IN_LOCKED}:(\\d+)$`).exec(error ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * A disabled account (CLI `operator disable`) whose password was right: said only after the password checked
 * out, so it tells nothing to someone guessing which addresses have accounts.
 */
export const SIGN_IN_DISABLED = 'account_disabled';
