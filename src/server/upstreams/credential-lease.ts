import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { providerCredentials } from '@/server/db/schema';
import { AppError } from '@/server/errors';

/**
 * One holder at a time, across every instance on the database, for the upstream credential stored under
 * `name` in provider_credentials: a row lease. The others wait for it (200 ms steps, up to 15 s); a holder
 * that dies frees the lease after 30 seconds. `what` names the credential in the timeout error.
 */
export function credentialLease(db: Db, name: string, what: string) {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    await db.insert(providerCredentials).values({ name }).onConflictDoNothing();
    for (let waited = 0; ; waited += 200) {
      const [won] = await db
        .update(providerCredentials)
        .set({ refreshLockUntil: sql`now() + interval '30 seconds'` })
        .where(
          and(
            eq(providerCredentials.name, name),
            or(isNull(providerCredentials.refreshLockUntil), lt(providerCredentials.refreshLockUntil, sql`now()`)),
          ),
        )
        .returning({ name: providerCredentials.name });
      if (won) break;
      if (waited > 15_000)
        throw new AppError('upstream_timeout', `Waited too long for another instance to refresh ${what}.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    try {
      return await fn();
    } finally {
      await db.update(providerCredentials).set({ refreshLockUntil: null }).where(eq(providerCredentials.name, name));
    }
  };
}
