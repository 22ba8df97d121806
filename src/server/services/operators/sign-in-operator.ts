/**
 * Console sign-in with throttling: the attempt is counted against the account and the address before the
 * password is checked (sign-in-throttle.ts), so a burst of parallel guesses gets at most the threshold of them
 * checked; a locked account or address is answered "locked" without checking the password (a correct guess
 * during the lock proves nothing). A right password takes its count back and clears the account's failures.
 * Unknown e-mails go through the same steps (no account enumeration).
 */
import type { ServiceContext } from '../context';
import { admitSignInAttempt, lockedAfterFailure, releaseSignInAttempt, signInThrottleKeys } from './sign-in-throttle';
import { verifyOperatorCredentials } from './verify-operator-credentials';

export type SignInOutcome =
  | { result: 'signed_in'; operator: NonNullable<Awaited<ReturnType<typeof verifyOperatorCredentials>>> }
  | { result: 'wrong_credentials' }
  | { result: 'disabled' }
  | { result: 'locked'; retryAfterSeconds: number };

export async function signInOperator(
  ctx: ServiceContext,
  input: { email: string; password: string; clientAddress: string | null },
): Promise<SignInOutcome> {
  const admission = await admitSignInAttempt(ctx, { keys: signInThrottleKeys(input.email, input.clientAddress) });
  if (!admission.admitted) return { result: 'locked', retryAfterSeconds: admission.retryAfterSeconds };
  const operator = await verifyOperatorCredentials(ctx, { email: input.email, password: input.password });
  if (operator) {
    await releaseSignInAttempt(ctx, { charges: admission.charges });
    // Only a right password learns that the account is disabled (no account enumeration).
    return operator.disabled ? { result: 'disabled' } : { result: 'signed_in', operator };
  }
  const nowLocked = lockedAfterFailure(admission.charges);
  return nowLocked > 0 ? { result: 'locked', retryAfterSeconds: nowLocked } : { result: 'wrong_credentials' };
}
