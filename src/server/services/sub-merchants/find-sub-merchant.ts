import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { subMerchants } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';

const recordById = preparedPerDb((db: Db) =>
  db
    .select()
    .from(subMerchants)
    .where(and(eq(subMerchants.id, sql.placeholder('id')), eq(subMerchants.platformId, sql.placeholder('platformId'))))
    .prepare('sub_merchant_by_id'),
);

/** The platform's record or 404; another platform's record is indistinguishable from a missing one. */
export async function findSubMerchant(ctx: PlatformContext, { id }: { id: string }) {
  const [row] = await recordById(ctx.db).execute({ id, platformId: ctx.platformId });
  if (!row) throw notFound('Sub-merchant');
  return row;
}
