import { asc, eq } from 'drizzle-orm';
import { memberships, platforms } from '@/server/db/schema';
import type { Db } from '@/server/db';

/** The platforms an operator belongs to, with the role held in each. */
export async function listOperatorPlatforms(db: Db, operatorId: string) {
  return db
    .select({ platformId: platforms.id, name: platforms.name, role: memberships.role })
    .from(memberships)
    .innerJoin(platforms, eq(platforms.id, memberships.platformId))
    .where(eq(memberships.operatorId, operatorId))
    .orderBy(asc(platforms.name));
}
