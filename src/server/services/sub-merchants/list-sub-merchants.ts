import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { workQueueSorts, workQueueViews } from '@/domain/work-queue';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { decodeCursor, pageOf, paginationQuery } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { listWorkQueue } from './list-work-queue';
import { toSubMerchantDto, type SubMerchantDto } from './sub-merchant-dto';

export const listSubMerchantsQuery = z
  .object({
    ...paginationQuery,
    // A work-queue cursor carries the sort's values (a natural name key, digit runs padded): longer than a
    // created-at one.
    cursor: z.string().max(2400).optional(),
    distributor_external_user_id: z.string().min(1).max(128).optional(),
    queue: z
      .enum(workQueueViews)
      .optional()
      .describe(
        "The console's tab: action (needs action), merchant (waiting on the merchant), review, active, suspended, all.",
      ),
    q: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe('Name (substring), or exactly: licence number, distributor id, applyment id, sub_mchid/smid, sm_… id.'),
    sort: z
      .enum(workQueueSorts)
      .optional()
      .describe('updated (newest update first, the default with queue or q), name (natural order) or state (A→Z).'),
    direction: z
      .enum(['asc', 'desc'])
      .optional()
      .describe('asc or desc; default desc for updated, asc for name and state. Only with queue, q or sort.'),
  })
  .strict()
  .superRefine((query, context) => {
    // The work queue's view has its own exact distributor match (`q`); two filters on one column would disagree.
    if (query.distributor_external_user_id && isWorkQueueView(query))
      context.addIssue({
        code: 'custom',
        path: ['distributor_external_user_id'],
        message: 'cannot be combined with queue, q or sort: give the distributor id as q',
      });
  });

/** queue, q or sort: the page comes from the console's work queue (its tabs, search and sorts). */
export const isWorkQueueView = (query: { queue?: unknown; q?: unknown; sort?: unknown; direction?: unknown }) =>
  query.queue !== undefined || query.q !== undefined || query.sort !== undefined || query.direction !== undefined;

export type ListSubMerchantsQuery = z.infer<typeof listSubMerchantsQuery>;

/**
 * The shapes of the page query (filter or not, first page or not). Each gets its own prepared statement: building
 * the SQL on every call cost more than running it (docs/benchmarks.md), and one statement per shape keeps each plan
 * on the index.
 */
const pageShapes = [false, true].flatMap((byDistributor) =>
  [false, true].map((afterCursor) => ({ byDistributor, afterCursor })),
);

/** The platform's rows, newest first, after the cursor: keyset pagination over (createdAt desc, id desc). */
function pageWhere({ byDistributor, afterCursor }: (typeof pageShapes)[number]): SQL {
  const conditions: SQL[] = [eq(subMerchants.platformId, sql.placeholder('platformId'))];
  if (byDistributor) conditions.push(eq(subMerchants.distributorExternalUserId, sql.placeholder('distributor')));
  if (afterCursor) {
    const createdAt = sql`${sql.placeholder('cursorCreatedAt')}::timestamptz`;
    conditions.push(
      or(
        lt(subMerchants.createdAt, createdAt),
        and(eq(subMerchants.createdAt, createdAt), lt(subMerchants.id, sql.placeholder('cursorId'))),
      )!,
    );
  }
  return and(...conditions)!;
}

const pageOrder = [desc(subMerchants.createdAt), desc(subMerchants.id)];

const pageStatementName = (prefix: string, shape: (typeof pageShapes)[number]) =>
  `${prefix}${shape.byDistributor ? '_by_distributor' : ''}${shape.afterCursor ? '_after_cursor' : ''}`;

/** Which of pageShapes a query needs, and its parameters: one row more than the page, to tell if another follows. */
function pageArguments(ctx: PlatformContext, query: ListSubMerchantsQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const distributor = query.distributor_external_user_id;
  return {
    shape: (distributor ? 2 : 0) + (cursor ? 1 : 0),
    params: {
      platformId: ctx.platformId,
      distributor,
      cursorCreatedAt: cursor?.createdAt.toISOString(),
      cursorId: cursor?.id,
      limit: query.limit + 1,
    },
  };
}

const pages = pageShapes.map((shape) =>
  preparedPerDb((db: Db) =>
    db
      .select()
      .from(subMerchants)
      .where(pageWhere(shape))
      .orderBy(...pageOrder)
      .limit(sql.placeholder('limit'))
      .prepare(pageStatementName('sub_merchants_page', shape)),
  ),
);

export type SubMerchantPage = { object: 'list'; data: SubMerchantDto[]; hasMore: boolean; nextCursor: string | null };

/**
 * The calling platform's sub-merchants, newest first, with keyset pagination, personal data masked. With `queue`,
 * `q` or `sort`, the page is the console's work queue view (same tabs, search and keyset sorts, through
 * listWorkQueue) and each row is the full record, as without them.
 */
export async function listSubMerchants(ctx: PlatformContext, query: ListSubMerchantsQuery): Promise<SubMerchantPage> {
  if (isWorkQueueView(query)) return listSubMerchantsInView(ctx, query);
  const { shape, params } = pageArguments(ctx, query);
  const page = pageOf(await pages[shape]!(ctx.db).execute(params), query.limit);
  return { object: 'list', ...page, data: page.data.map(toSubMerchantDto) };
}

async function listSubMerchantsInView(ctx: PlatformContext, query: ListSubMerchantsQuery): Promise<SubMerchantPage> {
  const page = await listWorkQueue(ctx, {
    tab: query.queue ?? 'all',
    q: query.q,
    sort: query.sort ?? 'updated',
    direction: query.direction,
    cursor: query.cursor,
    limit: query.limit,
  }).catch((error: unknown) => {
    // The work queue names its own field; here the cursor is a query parameter.
    if (error instanceof AppError && error.code === 'invalid_request')
      throw new AppError('invalid_request', 'The cursor is not one this API returned for this sort.', {
        errors: [{ pointer: '/query/cursor', code: 'invalid_value', message: 'unknown cursor' }],
      });
    throw error;
  });
  const ids = page.data.map((item) => item.id);
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(subMerchants)
        .where(and(eq(subMerchants.platformId, ctx.platformId), inArray(subMerchants.id, ids)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // The queue's order; a record deleted between the two reads is left out rather than shown half.
  const data = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSubMerchantDto(row)] : [];
  });
  return { object: 'list', data, hasMore: page.hasMore, nextCursor: page.nextCursor };
}
