/**
 * Console sign-in with throttling: a locked account or address is answered "locked" without checking the
 * password (a correct guess during the lock proves nothing), a wrong password counts a failure, a right one
 * clears the account's count. Unknown e-mails go through the same steps (no account enumeration).
 */
import type { Db } from '@/server/db';
import { clearAccountFailures, recordSignInFailure, signInLockedForSeconds, signInThrottleKeys } from './sign-in-throttle';
import { verifyOperatorCredentials } from './verify-operator-credentials';

export type SignInOutcome =
  | { result: 'signed_in'; operator: NonNullable<Awaited<ReturnType<typeof verifyOperatorCredentials>>> }
  | { result: 'wrong_credentials' }
  | { result: 'locked'; retryAfterSeconds: number };

export async function signInOperator(db: Db, input: { email: string; password: string; clientAddress: string | null }): Promise<SignInOutcome> {
  const keys = signInThrottleKeys(input.email, input.clientAddress);
  const lockedFor = await signInLockedForSeconds(db, keys);
  if (lockedFor > 0) return { result: 'locked', retryAfterSeconds: lockedFor };
  const operator = await verifyOperatorCredentials(db, input.email, input.password);
  if (operator) {
    await clearAccountFailures(db, keys);
    return { result: 'signed_in', operator };
  }
  await recordSignInFailure(db, keys);
  const nowLocked = await signInLockedForSeconds(db, keys);
  return nowLocked > 0 ? { result: 'locked', retryAfterSeconds: nowLocked } : { result: 'wrong_credentials' };
}
