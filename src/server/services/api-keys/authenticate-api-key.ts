import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { hashApiKey, looksLikeApiKey, type ServiceCode } from './api-key-format';

const lastUsedResolutionMs = 60_000;

const keyByHash = preparedPerDb((db: Db) =>
  db.select().from(apiKeys).where(eq(apiKeys.keyHash, sql.placeholder('hash'))).prepare('api_key_by_hash'),
);

export type AuthenticatedKey = { id: string; platformId: string; services: ServiceCode[] };

/**
 * Resolves a presented key to its platform, or null when it is unknown or revoked. last_used_at is written at
 * most once a minute per key so the hot path of polling integrators is a single indexed read.
 */
export async function authenticateApiKey(db: Db, presented: string): Promise<AuthenticatedKey | null> {
  if (!looksLikeApiKey(presented)) return null;
  const [row] = await keyByHash(db).execute({ hash: hashApiKey(presented) });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return { id: row.id, platformId: row.platformId, services: row.services as ServiceCode[] };
}
