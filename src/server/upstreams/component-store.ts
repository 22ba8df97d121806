import { eq } from 'drizzle-orm';
import { getEnv } from '@/env';
import { getFieldCipher } from '@/server/config/field-cipher';
import type { Db } from '@/server/db';
import { providerCredentials } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { credentialLease } from './credential-lease';

const ticketBase = 'providerA.component_verify_ticket';
const tokenBase = 'providerA.component_access_token';

/**
 * Whose component the ticket and token belong to. Live: the instance's one component (no scope). Sandbox: each
 * platform's own component (src/sandbox/instance-keys.ts), so one platform's pushes and control calls never
 * replace or expire another's.
 */
export const componentScope = (platformId: string) => (getEnv().UPSTREAM_MODE === 'sandbox' ? platformId : undefined);
const scoped = (name: string, scope?: string) => (scope === undefined ? name : `${name}@${scope}`);

/** Stores the ticket WeChat pushes every ten minutes (durably: the component token cannot be had without it). */
export async function storeVerifyTicket(db: Db, ticket: string, scope?: string) {
  const ticketName = scoped(ticketBase, scope);
  const valueEnc = getFieldCipher().encrypt(ticket);
  await db
    .insert(providerCredentials)
    .values({ name: ticketName, valueEnc, updatedAt: new Date() })
    .onConflictDoUpdate({ target: providerCredentials.name, set: { valueEnc, updatedAt: new Date() } });
}

export async function readVerifyTicket(db: Db, scope?: string): Promise<string> {
  const ticketName = scoped(ticketBase, scope);
  const [row] = await db.select().from(providerCredentials).where(eq(providerCredentials.name, ticketName));
  if (!row?.valueEnc)
    throw new AppError(
      'upstream_unavailable',
      'No component_verify_ticket has been pushed by providerA yet; it arrives every ten minutes.',
    );
  return getFieldCipher().decrypt(row.valueEnc);
}

/** The component_access_token as stored (encrypted): plain reads and writes; refreshes go through the lease below. */
export function componentTokenCache(db: Db, scope?: string) {
  const tokenName = scoped(tokenBase, scope);
  return {
    async get() {
      const [row] = await db.select().from(providerCredentials).where(eq(providerCredentials.name, tokenName));
      return row?.valueEnc && row.expiresAt
        ? { token: getFieldCipher().decrypt(row.valueEnc), expiresAt: row.expiresAt }
        : null;
    },
    async set(value: { token: string; expiresAt: Date }) {
      const valueEnc = getFieldCipher().encrypt(value.token);
      await db
        .insert(providerCredentials)
        .values({ name: tokenName, valueEnc, expiresAt: value.expiresAt, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: providerCredentials.name,
          set: { valueEnc, expiresAt: value.expiresAt, updatedAt: new Date() },
        });
    },
  };
}

/**
 * Exactly one instance refreshes the component token at a time (each refresh invalidates the previous token
 * upstream): the others wait, then re-read the cache inside the lease and reuse the token just fetched.
 */
export function componentTokenLock(db: Db, scope?: string) {
  return credentialLease(db, scoped(tokenBase, scope), 'the component token');
}
