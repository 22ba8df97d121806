import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import type { Db } from '@/server/db';
import { providerCredentials } from '@/server/db/schema';
import { AppError } from '@/server/errors';

const ticketName = 'providerA.component_verify_ticket';
const tokenName = 'providerA.component_access_token';
const refreshMarginMs = 5 * 60_000;

/** Stores the ticket WeChat pushes every ten minutes (durably: the component token cannot be had without it). */
export async function storeVerifyTicket(db: Db, ticket: string) {
  const valueEnc = getFieldCipher().encrypt(ticket);
  await db
    .insert(providerCredentials)
    .values({ name: ticketName, valueEnc, updatedAt: new Date() })
    .onConflictDoUpdate({ target: providerCredentials.name, set: { valueEnc, updatedAt: new Date() } });
}

export async function readVerifyTicket(db: Db): Promise<string> {
  const [row] = await db.select().from(providerCredentials).where(eq(providerCredentials.name, ticketName));
  if (!row?.valueEnc) throw new AppError('upstream_unavailable', 'No component_verify_ticket has been pushed by providerA yet; it arrives every ten minutes.');
  return getFieldCipher().decrypt(row.valueEnc);
}

/**
 * The component_access_token cache handed to the WeChat component client. `get` answers a fresh token, or
 * null to the ONE caller that won the refresh lease (it fetches and `set`s); everyone else waits for that
 * value, so several instances never race to refresh (each refresh invalidates the previous token).
 */
export function componentTokenCache(db: Db) {
  const read = async () => (await db.select().from(providerCredentials).where(eq(providerCredentials.name, tokenName)))[0];
  const fresh = (row: Awaited<ReturnType<typeof read>>) =>
    row?.valueEnc && row.expiresAt && row.expiresAt.getTime() - Date.now() > refreshMarginMs ? { token: getFieldCipher().decrypt(row.valueEnc), expiresAt: row.expiresAt } : null;
  return {
    async get() {
      await db.insert(providerCredentials).values({ name: tokenName }).onConflictDoNothing();
      for (let waited = 0; waited < 15_000; waited += 200) {
        const current = fresh(await read());
        if (current) return current;
        const [won] = await db
          .update(providerCredentials)
          .set({ refreshLockUntil: sql`now() + interval '30 seconds'` })
          .where(and(eq(providerCredentials.name, tokenName), or(isNull(providerCredentials.refreshLockUntil), lt(providerCredentials.refreshLockUntil, sql`now()`))))
          .returning({ name: providerCredentials.name });
        if (won) return null;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new AppError('upstream_timeout', 'Waited too long for another instance to refresh the component token.');
    },
    async set(value: { token: string; expiresAt: Date }) {
      await db
        .update(providerCredentials)
        .set({ valueEnc: getFieldCipher().encrypt(value.token), expiresAt: value.expiresAt, refreshLockUntil: null, updatedAt: new Date() })
        .where(eq(providerCredentials.name, tokenName));
    },
  };
}
