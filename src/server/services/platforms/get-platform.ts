import { eq } from 'drizzle-orm';
import { platforms } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';

/** The platform as shown to its own operators (no secrets). */
export async function getPlatform(ctx: PlatformContext) {
  const { db, platformId } = ctx;
  const [row] = await db
    .select({ id: platforms.id, name: platforms.name, config: platforms.config, createdAt: platforms.createdAt })
    .from(platforms)
    .where(eq(platforms.id, platformId));
  if (!row) throw notFound('Platform');
  return row;
}
