import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { toApiKeyDto } from './api-key-dto';
import { authenticatedKeyCache } from './authenticated-key-cache';

/** Revokes a key of this platform; revoking twice is harmless and returns the key as it is. */
export async function revokeApiKey(ctx: PlatformContext, { keyId }: { keyId: string }) {
  const scope = and(eq(apiKeys.id, keyId), eq(apiKeys.platformId, ctx.platformId));
  await ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(scope, isNull(apiKeys.revokedAt)));
  authenticatedKeyCache.forgetKeyId(keyId);
  const [row] = await ctx.db.select().from(apiKeys).where(scope);
  if (!row) throw notFound('API key');
  return toApiKeyDto(row);
}
