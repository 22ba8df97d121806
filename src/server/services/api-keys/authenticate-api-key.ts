import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { hashApiKey, looksLikeApiKey, type ServiceCode } from './api-key-format';
import { authenticatedKeyCache, type AuthenticatedKey } from './authenticated-key-cache';
import type { ServiceContext } from '../context';

const lastUsedResolutionMs = 60_000;

const keyByHash = preparedPerDb((db: Db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare('api_key_by_hash'),
);

/** The key, when it authenticated in the last few seconds; undefined means "ask authenticateApiKey". */
export function recentlyAuthenticatedKey(presented: string): AuthenticatedKey | undefined {
  return looksLikeApiKey(presented) ? authenticatedKeyCache.get(hashApiKey(presented)) : undefined;
}

/**
 * Resolves a presented key to its platform, or null when it is unknown or revoked. A key seen in the last few
 * seconds is answered from memory (see authenticated-key-cache.ts for the revocation trade-off); otherwise one
 * indexed read. last_used_at is written at most once a minute per key.
 */
export async function authenticateApiKey(
  ctx: ServiceContext,
  { presented }: { presented: string },
): Promise<AuthenticatedKey | null> {
  const { db } = ctx;
  if (!looksLikeApiKey(presented)) return null;
  const hash = hashApiKey(presented);
  const cached = authenticatedKeyCache.get(hash);
  if (cached) return cached;
  const [row] = await keyByHash(db).execute({ hash });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  const key = { id: row.id, platformId: row.platformId, services: row.services as ServiceCode[] };
  authenticatedKeyCache.set(hash, key);
  return key;
}
