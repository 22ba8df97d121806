import { asc, count, eq, sql } from 'drizzle-orm';
import { memberships, platforms } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/**
 * Every platform of this installation with its number of operators and admins, oldest first: what an
 * installation admin needs to find a platform id (CLI `platform list`). No secrets, no configuration.
 */
export async function listPlatforms(ctx: ServiceContext) {
  return ctx.db
    .select({
      platformId: platforms.id,
      name: platforms.name,
      operators: count(memberships.operatorId),
      admins: sql<number>`count(*) filter (where ${memberships.role} = 'admin')`.mapWith(Number),
      createdAt: platforms.createdAt,
    })
    .from(platforms)
    .leftJoin(memberships, eq(memberships.platformId, platforms.id))
    .groupBy(platforms.id)
    .orderBy(asc(platforms.createdAt), asc(platforms.id));
}
