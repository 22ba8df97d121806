/** The console's work queue and its bulk actions: what the list, the counts, the export and tRPC accept. */
import { z } from 'zod';
import { providerSchema } from '@/domain/providers';
import { workQueueSorts, workQueueViewSchema } from '@/domain/work-queue';

export { actionReason } from './action-reason';

/** What the current view is: tab, search, filters and sort. The export takes the same. */
export const workQueueView = z
  .object({
    tab: workQueueViewSchema.default('action'),
    /** Name (substring), licence number, distributor id, applyment id, sub-merchant id (sub_mchid / smid), sm_… id. */
    q: z.string().trim().max(128).optional(),
    provider: providerSchema.optional(),
    assignedToMe: z.boolean().optional(),
    sort: z.enum(workQueueSorts).default('updated'),
    /** Default: newest update first, names A→Z, states A→Z. */
    direction: z.enum(['asc', 'desc']).optional(),
  })
  .strict();

export const workQueuePageQuery = workQueueView
  .extend({
    limit: z.number().int().min(1).max(100).default(25),
    cursor: z.string().max(400).optional(),
  })
  .strict();

export type WorkQueueViewInput = z.input<typeof workQueueView>;
export type WorkQueuePageInput = z.input<typeof workQueuePageQuery>;

/** Bulk actions take the selection (one page at most). */
export const workQueueSelection = z.array(z.string().min(1).max(64)).min(1).max(100);
