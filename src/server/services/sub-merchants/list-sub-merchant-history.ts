import { asc, eq } from 'drizzle-orm';
import { subMerchantHistory } from '@/server/db/schema';
import { describeActors } from '../audit/actors';
import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';

type Row = typeof subMerchantHistory.$inferSelect;

/** Draft saves by one actor with no more than this between them are one editing session, shown as one entry. */
export const DRAFT_SESSION_GAP_MS = 10 * 60_000;

/** A save that only changed formData (the wizard's autosave, a draft PUT), with no reason given. */
const draftSave = (row: Row) =>
  row.action === 'updated' && !row.reason && Object.keys(row.changes).length === 1 && 'formData' in row.changes;

const fieldsOf = (row: Row) => (row.changes.formData?.to as { fields?: string[] } | undefined)?.fields ?? [];

/**
 * Consecutive draft saves of one actor, each within DRAFT_SESSION_GAP_MS of the previous, become one entry naming
 * every field changed in that session, with how many saves it stands for (`saves`) and when the first was made
 * (`firstAt`). Grouped when read, not when written: every save stays its own stored row.
 */
function groupDraftSessions(rows: Row[]) {
  const entries: { row: Row; saves: number; firstAt: Date }[] = [];
  for (const row of rows) {
    const last = entries.at(-1);
    if (
      last &&
      draftSave(row) &&
      draftSave(last.row) &&
      last.row.actor === row.actor &&
      row.createdAt.getTime() - last.row.createdAt.getTime() <= DRAFT_SESSION_GAP_MS
    ) {
      const fields = [...new Set([...fieldsOf(last.row), ...fieldsOf(row)])].sort();
      last.row = { ...row, id: last.row.id, changes: { formData: { from: null, to: { fields } } } };
      last.saves += 1;
      continue;
    }
    entries.push({ row, saves: 1, firstAt: row.createdAt });
  }
  return entries;
}

/**
 * The record's timeline, oldest first: who changed which fields, from → to, and why; one editing session's draft
 * saves as one entry (groupDraftSessions). `actor` stays the raw actor string; `actorKind` and `actorName` say who
 * that is (an operator's display name, an API key's name; the seller, the upstream or the service itself). An
 * assignment names the operators (`{ id, name }`; no name once removed), not their ids.
 */
export async function listSubMerchantHistory(ctx: PlatformContext, { id }: { id: string }) {
  await findSubMerchant(ctx, { id });
  const rows = await ctx.db
    .select()
    .from(subMerchantHistory)
    .where(eq(subMerchantHistory.subMerchantId, id))
    .orderBy(asc(subMerchantHistory.createdAt), asc(subMerchantHistory.id));
  const assignees = rows.flatMap((r) =>
    r.changes.assignee ? [r.changes.assignee.from, r.changes.assignee.to].filter((v) => typeof v === 'string') : [],
  );
  const actors = await describeActors(ctx.db, [
    ...new Set([...rows.map((r) => r.actor), ...assignees.map((operatorId) => `operator:${operatorId}`)]),
  ]);
  const operator = (value: unknown) =>
    typeof value === 'string' ? { id: value, name: actors.get(`operator:${value}`)?.name } : null;
  return groupDraftSessions(rows).map(({ row: r, saves, firstAt }) => ({
    id: r.id,
    actor: r.actor,
    actorKind: actors.get(r.actor)!.kind,
    actorName: actors.get(r.actor)!.name,
    action: r.action,
    reason: r.reason ?? undefined,
    changes: r.changes.assignee
      ? { ...r.changes, assignee: { from: operator(r.changes.assignee.from), to: operator(r.changes.assignee.to) } }
      : r.changes,
    saves,
    firstAt: firstAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}
