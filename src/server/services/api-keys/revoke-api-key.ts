import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { toApiKeyDto } from './api-key-dto';
import { authenticatedKeyCache } from './authenticated-key-cache';

/**
 * Revokes a key of this platform; revoking twice is harmless and returns the key as it is. The revocation (not a
 * repeat) goes to the audit log with who and why.
 */
export async function revokeApiKey(
  ctx: PlatformContext,
  { keyId, reason }: { keyId: string; reason?: string | undefined },
) {
  const scope = and(eq(apiKeys.id, keyId), eq(apiKeys.platformId, ctx.platformId));
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(scope, isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (revoked.length === 0) return;
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'api_key.revoke',
      target: { type: 'api_key', id: keyId },
      details: { name: revoked[0]!.name },
      reason,
    });
  });
  authenticatedKeyCache.forgetKeyId(keyId);
  const [row] = await ctx.db.select().from(apiKeys).where(scope);
  if (!row) throw notFound('API key');
  return toApiKeyDto(row);
}
