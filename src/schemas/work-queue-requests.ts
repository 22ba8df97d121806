/** The console's work queue and its bulk actions: what the list, the counts, the export and tRPC accept. */
import { z } from 'zod';
import { providerSchema } from '@/domain/providers';
import { workQueueSorts, workQueueViews } from '@/domain/work-queue';

const workQueueViewSchema = z.enum(workQueueViews);

export { actionReason } from './action-reason';

/** What the current view is: tab, search, filters and sort. The export takes the same. */
export const workQueueView = z
  .object({
    tab: workQueueViewSchema.default('action'),
    /** Name (substring), licence number, distributor id, applyment id, sub-merchant id (sub_mchid / smid), sm_… id. */
    q: z.string().trim().max(128).optional(),
    provider: providerSchema.optional(),
    assignedToMe: z.boolean().optional(),
    /** Only records a seller submitted from the hosted form that wait for an operator's review (reviewRequestedAt). */
    sellerSubmitted: z.boolean().optional(),
    /** Only these records (a selection being exported). */
    ids: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
    sort: z.enum(workQueueSorts).default('updated'),
    /** Default: newest update first, names A→Z, states A→Z. */
    direction: z.enum(['asc', 'desc']).optional(),
  })
  .strict();

/** Bulk actions take the selection (one page at most). */
export const workQueueSelection = z.array(z.string().min(1).max(64)).min(1).max(100);

export const workQueuePageQuery = workQueueView
  .extend({
    limit: z.number().int().min(1).max(100).default(25),
    // A name sort's cursor carries the natural name key (digit runs padded): up to ~2,100 characters.
    cursor: z.string().max(2400).optional(),
  })
  .strict();

export type WorkQueueViewInput = z.input<typeof workQueueView>;
export type WorkQueuePageInput = z.input<typeof workQueuePageQuery>;

/**
 * The CSV export's query string: the current view (as the list's address carries it) or a selection (`ids`,
 * comma-separated, one page at most).
 */
export const workQueueExportQuery = z
  .object({
    tab: workQueueViewSchema.default('all'),
    q: z.string().trim().max(128).optional(),
    provider: providerSchema.optional(),
    mine: z.literal('1').optional(),
    seller: z.literal('1').optional(),
    sort: z.enum(workQueueSorts).default('updated'),
    direction: z.enum(['asc', 'desc']).optional(),
    ids: z
      .string()
      .max(100 * 65)
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(workQueueSelection)
      .optional(),
  })
  .strict();
