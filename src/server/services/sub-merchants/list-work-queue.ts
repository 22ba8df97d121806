import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { currentlyDue } from '@/schemas/form-data';
import { workQueuePageQuery, type WorkQueuePageInput } from '@/schemas/work-queue-requests';
import { operators, subMerchants } from '@/server/db/schema';
import { cursorInstant, cursorText, decodeOpaqueCursor, encodeOpaqueCursor } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { viewWhere } from './work-queue-filter';

type Query = z.infer<typeof workQueuePageQuery>;
type Sort = Query['sort'];

/** The keyset of each sort, most significant first; id last breaks ties, so every row has one place. */
const sortColumns: Record<Sort, AnyColumn[]> = {
  updated: [subMerchants.updatedAt, subMerchants.id],
  // The natural key ("第2分店" before "第10分店", collation C): the same order on PGlite and PostgreSQL.
  name: [subMerchants.nameSortKey, subMerchants.id],
  state: [subMerchants.stateKey, subMerchants.updatedAt, subMerchants.id],
};

export const defaultDirection = (sort: Sort) => (sort === 'updated' ? 'desc' : 'asc');

// The cursor carries timestamps as Postgres prints them (microseconds and offset): the column default now() has
// microseconds, and a millisecond cursor would skip rows that differ only below the millisecond.
const cursorValue = (column: AnyColumn) =>
  column === subMerchants.updatedAt ? sql<string>`${column}::text` : sql<string>`${column}`;

const cursorShape = z.object({
  sort: z.enum(['updated', 'name', 'state']),
  direction: z.enum(['asc', 'desc']),
  // A name key pads each digit run to 20: up to ~1,500 characters for a 128-character name.
  values: z.array(z.string().max(1600)).min(2).max(3),
});

const encodeCursor = (cursor: z.infer<typeof cursorShape>) => encodeOpaqueCursor(cursor);

// Each sort's values as its columns (sortColumns) need them: a timestamp PostgreSQL can cast, text it can compare.
const cursorValues: Record<Sort, z.ZodType<string[]>> = {
  updated: z.tuple([cursorInstant, cursorText(200)]),
  name: z.tuple([cursorText(200), cursorText(200)]),
  state: z.tuple([cursorText(200), cursorInstant, cursorText(200)]),
};

function decodeCursor(value: string, sort: Sort, direction: 'asc' | 'desc') {
  // A cursor of another sort would compare the wrong columns: refuse it instead of returning a wrong page.
  const shape = cursorShape.extend({
    sort: z.literal(sort),
    direction: z.literal(direction),
    values: cursorValues[sort],
  });
  return decodeOpaqueCursor(value, shape, '/cursor').values;
}

/** Row comparison, one index range on (platform_id[, queue], sort columns…) in either direction. */
function afterCursor(sort: Sort, direction: 'asc' | 'desc', values: string[]): SQL {
  const columns = sortColumns[sort];
  const left = sql.join(columns, sql`, `);
  const right = sql.join(
    columns.map((column, i) =>
      column === subMerchants.updatedAt ? sql`${values[i]}::timestamptz` : sql`${values[i]}`,
    ),
    sql`, `,
  );
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/** How many required fields a draft still lacks, and the first few, for the "missing" column. */
function missingOf(row: { formData: Record<string, unknown>; provider: 'providerA' | 'providerB' }) {
  // Personal fields are stored as non-empty cipher tokens, so "missing" is the same before decryption.
  const fields = currentlyDue(row.formData, row.provider);
  return { count: fields.length, first: fields.slice(0, 3) };
}

/** The page's SELECT, unexecuted: the service runs it, bench/work-queue.mts explains it. */
export function workQueuePageSelect(ctx: PlatformContext & { operatorId?: string }, query: Query) {
  const direction = query.direction ?? defaultDirection(query.sort);
  const order = direction === 'desc' ? desc : asc;
  const columns = sortColumns[query.sort];
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, direction) : undefined;
  return ctx.db
    .select({
      id: subMerchants.id,
      displayName: subMerchants.displayName,
      distributorExternalUserId: subMerchants.distributorExternalUserId,
      provider: subMerchants.provider,
      status: subMerchants.status,
      queue: subMerchants.queue,
      chApplymentState: subMerchants.chApplymentState,
      chApplymentStateMsg: subMerchants.chApplymentStateMsg,
      chApplymentId: subMerchants.chApplymentId,
      chSubMchid: subMerchants.chSubMchid,
      rejectReasons: subMerchants.rejectReasons,
      reviewRequestedAt: subMerchants.reviewRequestedAt,
      formData: subMerchants.formData,
      assigneeOperatorId: subMerchants.assigneeOperatorId,
      assigneeName: sql<string | null>`coalesce(${operators.name}, ${operators.email})`,
      updatedAt: subMerchants.updatedAt,
      cursor: sql<string[]>`array[${sql.join(columns.map(cursorValue), sql`, `)}]`,
    })
    .from(subMerchants)
    .leftJoin(operators, eq(operators.id, subMerchants.assigneeOperatorId))
    .where(and(viewWhere(ctx, query), cursor ? afterCursor(query.sort, direction, cursor) : undefined))
    .orderBy(...columns.map((column) => order(column)))
    .limit(query.limit + 1);
}

/**
 * The console's work queue: one tab's records (or all), searched, filtered and sorted, keyset-paginated (no
 * OFFSET: page 4,000 costs what page 1 does). Each row says who the merchant is, where the application stands
 * in the upstream's own words, and what is missing or why it was rejected. No personal data: the row holds
 * business names and ids only.
 */
export async function listWorkQueue(ctx: PlatformContext & { operatorId?: string }, input: WorkQueuePageInput) {
  const query = workQueuePageQuery.parse(input);
  const direction = query.direction ?? defaultDirection(query.sort);
  const rows = await workQueuePageSelect(ctx, query);
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(toWorkQueueItem),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ sort: query.sort, direction, values: last.cursor.map(String) }) : null,
  };
}

function toWorkQueueItem(row: {
  id: string;
  displayName: string;
  distributorExternalUserId: string | null;
  provider: 'providerA' | 'providerB';
  status: 'pending' | 'active' | 'suspended';
  queue: string;
  chApplymentState: string | null;
  chApplymentStateMsg: string | null;
  chApplymentId: string | null;
  chSubMchid: string | null;
  rejectReasons: { field: string; reason: string }[];
  reviewRequestedAt: Date | null;
  formData: Record<string, unknown>;
  assigneeOperatorId: string | null;
  assigneeName: string | null;
  updatedAt: Date;
}) {
  return {
    id: row.id,
    name: row.displayName || undefined,
    distributorExternalUserId: row.distributorExternalUserId ?? undefined,
    provider: row.provider,
    status: row.status,
    queue: row.queue,
    chApplymentState: row.chApplymentState ?? undefined,
    /** The upstream's own words for the state, as it sent them. */
    chApplymentStateMsg: row.chApplymentStateMsg ?? undefined,
    chApplymentId: row.chApplymentId ?? undefined,
    chSubMchid: row.chSubMchid ?? undefined,
    /** Drafts only: what still has to be filled in before a submit. */
    missing: row.chApplymentState === null ? missingOf(row) : undefined,
    /** Rejected only: the upstream's first reason and how many there are. */
    rejection:
      row.chApplymentState === 'rejected'
        ? { count: row.rejectReasons.length, first: row.rejectReasons[0] ?? undefined }
        : undefined,
    /** The seller submitted the hosted form and it waits for an operator's review (payments.seller_submit). */
    reviewRequestedAt: row.reviewRequestedAt?.toISOString(),
    assignee: row.assigneeOperatorId ? { id: row.assigneeOperatorId, name: row.assigneeName ?? '' } : undefined,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type WorkQueueItem = ReturnType<typeof toWorkQueueItem>;
