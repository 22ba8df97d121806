import { and, count, eq } from 'drizzle-orm';
import { workQueueView, type WorkQueueViewInput } from '@/schemas/work-queue-requests';
import { workQueueTabs, type WorkQueueView } from '@/domain/work-queue';
import { subMerchantQueueCounts, subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { viewConditions } from './work-queue-filter';

type CountsInput = Omit<WorkQueueViewInput, 'tab' | 'sort' | 'direction'>;

/** The counts' SELECT, unexecuted: the service runs it, bench/work-queue.mts explains it. */
export function workQueueCountSelect(ctx: PlatformContext & { operatorId?: string }, input: CountsInput) {
  const view = workQueueView.parse(input);
  return ctx.db
    .select({ queue: subMerchants.queue, n: count() })
    .from(subMerchants)
    .where(and(...viewConditions(ctx, view)))
    .groupBy(subMerchants.queue);
}

/**
 * How many records each tab of the current view holds (search and filters applied, the tab itself not). Without
 * a search or filter, the counters the database keeps per (platform, tab); with one, a grouped count of what
 * matches.
 */
export async function countWorkQueue(
  ctx: PlatformContext & { operatorId?: string },
  input: CountsInput = {},
): Promise<Record<WorkQueueView, number>> {
  const view = workQueueView.parse(input);
  // The whole platform: the trigger-kept counters (one row per tab). A search or filter: counted over its matches.
  const filtered = Boolean(view.q || view.provider || view.assignedToMe || view.sellerSubmitted);
  const rows = filtered
    ? await workQueueCountSelect(ctx, input)
    : await ctx.db
        .select({ queue: subMerchantQueueCounts.queue, n: subMerchantQueueCounts.n })
        .from(subMerchantQueueCounts)
        .where(eq(subMerchantQueueCounts.platformId, ctx.platformId));
  const byTab = Object.fromEntries(workQueueTabs.map((tab) => [tab, 0])) as Record<string, number>;
  for (const row of rows) byTab[row.queue] = Number(row.n);
  return {
    action: byTab.action!,
    merchant: byTab.merchant!,
    review: byTab.review!,
    active: byTab.active!,
    suspended: byTab.suspended!,
    all: rows.reduce((sum, row) => sum + Number(row.n), 0),
  };
}
