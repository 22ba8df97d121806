import { desc, eq } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { toApiKeyDto } from './api-key-dto';

/** The platform's keys, newest first, without their secrets (only the display prefix). */
export async function listApiKeys(ctx: PlatformContext) {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.platformId, ctx.platformId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyDto);
}
