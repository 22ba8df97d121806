/**
 * Ending sessions that are JWTs: a session carries the operator's `sessionVersion` from sign-in, and each
 * request compares it with the operator row (one primary-key read). Raising the version
 * (end-operator-sessions.ts) therefore ends every session of that operator at once, on every instance.
 */
import { eq } from 'drizzle-orm';
import type { JWT } from 'next-auth/jwt';
import { getDb } from '@/server/db';
import { operators } from '@/server/db/schema';
import { endOperatorSessions } from '@/server/services/operators/end-operator-sessions';

type SessionClaims = { operatorId: string; sessionVersion: number };

/** The claims of a session made by this version of the service; null for anything else (older tokens too). */
export function sessionClaims(token: JWT | null | undefined): SessionClaims | null {
  const { operatorId, sessionVersion } = token ?? {};
  return typeof operatorId === 'string' && Number.isInteger(sessionVersion)
    ? { operatorId, sessionVersion: sessionVersion as number }
    : null;
}

/** True while the session's operator exists and has not had their sessions ended since it was made. */
export async function sessionIsCurrent(token: JWT): Promise<boolean> {
  const claims = sessionClaims(token);
  if (!claims) return false;
  const [row] = await (
    await getDb()
  )
    .select({ sessionVersion: operators.sessionVersion })
    .from(operators)
    .where(eq(operators.id, claims.operatorId));
  return row?.sessionVersion === claims.sessionVersion;
}

/** Sign-out: ends all the operator's sessions, if this one had not been ended already. */
export async function endSessionsOnSignOut(token: JWT | null | undefined): Promise<void> {
  const claims = sessionClaims(token);
  if (claims)
    await endOperatorSessions(
      { db: await getDb(), actor: `operator:${claims.operatorId}` },
      { operatorId: claims.operatorId, ifVersion: claims.sessionVersion },
    );
}
