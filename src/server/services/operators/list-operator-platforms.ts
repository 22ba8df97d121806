import { asc, eq } from 'drizzle-orm';
import { memberships, platforms } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** The platforms an operator belongs to, with the role held in each. */
export async function listOperatorPlatforms(ctx: ServiceContext, { operatorId }: { operatorId: string }) {
  const { db } = ctx;
  return db
    .select({ platformId: platforms.id, name: platforms.name, role: memberships.role })
    .from(memberships)
    .innerJoin(platforms, eq(platforms.id, memberships.platformId))
    .where(eq(memberships.operatorId, operatorId))
    .orderBy(asc(platforms.name));
}
