import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLogQuery, type AuditLogQueryInput } from '@/schemas/audit-log-requests';
import { auditLog } from '@/server/db/schema';
import { decodeOpaqueCursor, encodeOpaqueCursor, timeAndIdCursor } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { describeTargets } from './actors';

export { auditLogQuery };

const decode = (cursor: string) => decodeOpaqueCursor(cursor, timeAndIdCursor, '/cursor');

/**
 * The platform's audit log, newest first, keyset-paginated over (created_at, id), filtered by action, actor and
 * a range of days. Days are the operator's: `timeZone` turns "from 25 Nov to 26 Nov" into the instants that
 * bound those days there (Postgres' time-zone rules, so daylight saving is right). Targets carry their current
 * name (`targetName`: an operator's name and e-mail, the platform's or a key's name).
 */
export async function listAuditLog(ctx: PlatformContext, input: AuditLogQueryInput = {}, timeZone = 'UTC') {
  const query = auditLogQuery.parse(input);
  const after = query.cursor ? decode(query.cursor) : undefined;
  const dayStart = (date: string, plusDays = 0) =>
    sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      actorKind: auditLog.actorKind,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.platformId, ctx.platformId),
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actorKind ? eq(auditLog.actorKind, query.actorKind) : undefined,
        query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
        query.from ? sql`${auditLog.createdAt} >= ${dayStart(query.from)}` : undefined,
        query.to ? sql`${auditLog.createdAt} < ${dayStart(query.to, 1)}` : undefined,
        after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  const targetNames = await describeTargets(
    ctx.db,
    ctx.platformId,
    page.map((row) => ({ type: row.targetType, id: row.targetId })),
  );
  return {
    data: page.map(({ cursorAt: _cursorAt, ...row }) => ({
      ...row,
      targetName: targetNames.get(`${row.targetType}:${row.targetId}`),
      actorId: row.actorId ?? undefined,
      actorName: row.actorName ?? undefined,
      reason: row.reason ?? undefined,
      createdAt: row.createdAt.toISOString(),
    })),
    hasMore,
    nextCursor: hasMore && last ? encodeOpaqueCursor([last.cursorAt, last.id]) : null,
  };
}

export type AuditLogEntry = Awaited<ReturnType<typeof listAuditLog>>['data'][number];
