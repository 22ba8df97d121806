// Not a use case: the hook between single audits and rollouts. recordAuditDecision calls it in its transaction
// (a push or a poll decided an audit) and the executor calls it on each pass, so an item awaiting an audit moves
// on as soon as the audit's state changes: approved → release (policy auto) or done (hold); rejected → failed
// with the reviewer's words.
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { rowsOf } from '@/server/db/rows';
import { kickRollout } from './rollout-queue';

export async function promoteAuditedItems(
  db: Db,
  { auditId, rolloutId, kick = true }: { auditId?: string; rolloutId?: string; kick?: boolean } = {},
) {
  const moved = await db.execute(sql`
    update mini_program_rollout_items i set
      step = case when a.status = 'approved' then (case when r.release = 'auto' then 'release' else 'done' end) else i.step end,
      state = case when a.status = 'approved' then (case when r.release = 'auto' then 'pending' else 'succeeded' end) else 'failed' end,
      reason = case when a.status = 'approved'
        then (case when r.release = 'auto' then null else 'approved; held for release by the rollout policy' end)
        else coalesce(a.reason, 'rejected by the reviewer') end,
      updated_at = now()
    from mp_audits a, mini_program_rollouts r
    where i.audit_id = a.audit_id and r.id = i.rollout_id and i.step = 'await_audit' and i.state = 'waiting'
      and a.status <> 'pending' ${auditId ? sql`and a.audit_id = ${auditId}` : sql``}
      ${rolloutId ? sql`and i.rollout_id = ${rolloutId}` : sql``}
    returning i.rollout_id`);
  const rollouts = [...new Set(rowsOf<{ rollout_id: string }>(moved).map((r) => r.rollout_id))];
  // The executor calls this itself and is advancing the rollout already; a decision's caller kicks it.
  if (kick) for (const id of rollouts) await kickRollout(db, id);
  return rollouts;
}
