import { and, count, eq, inArray } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { waitingOnMerchantStates } from '@/domain/sub-merchant-states';

/** How many of the platform's records wait on the merchant, per state and in total. */
export async function countWaitingOnMerchant(ctx: PlatformContext) {
  const rows = await ctx.db
    .select({ state: subMerchants.chApplymentState, n: count() })
    .from(subMerchants)
    .where(
      and(
        eq(subMerchants.platformId, ctx.platformId),
        inArray(subMerchants.chApplymentState, [...waitingOnMerchantStates]),
      ),
    )
    .groupBy(subMerchants.chApplymentState);
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const toBeConfirmed = of('to_be_confirmed');
  const toBeSigned = of('to_be_signed');
  return { toBeConfirmed, toBeSigned, total: toBeConfirmed + toBeSigned };
}
