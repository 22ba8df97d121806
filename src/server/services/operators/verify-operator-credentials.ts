import { eq } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import { decoyHash, verifyPassword } from './password';
import type { ServiceContext } from '../context';

/**
 * The operator for an e-mail and password, or null; unknown e-mails cost as much time as wrong passwords.
 * `disabled`: the password is right but the account may not sign in (CLI `operator disable`).
 * `sessionVersion` goes into the session made from this sign-in (session-version.ts).
 */
export async function verifyOperatorCredentials(
  ctx: ServiceContext,
  { email, password }: { email: string; password: string },
) {
  const { db } = ctx;
  const [row] = await db.select().from(operators).where(eq(operators.email, email.trim().toLowerCase()));
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyHash()), password);
  return row && ok
    ? {
        id: row.id,
        email: row.email,
        name: row.name,
        locale: row.locale,
        sessionVersion: row.sessionVersion,
        disabled: row.disabledAt !== null,
      }
    : null;
}
