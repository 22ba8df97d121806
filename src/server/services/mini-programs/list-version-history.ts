import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { miniProgramRolloutItems, miniProgramRollouts, mpAudits, mpCommits } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';

/** How far back the history reaches: the newest commits and audits, each. */
const HISTORY_ROWS = 100;

type HistoryEvent = {
  /** committed: a new 体验版; submitted/approved/rejected: the 审核版; released/rolled_back: the 线上版. */
  kind: 'committed' | 'submitted' | 'approved' | 'rejected' | 'released' | 'rolled_back';
  at: string;
  userVersion: string;
  templateId?: string;
  auditId?: string;
  /** The reviewer's words (rejected). */
  reason?: string;
  /** rolled_back: the version live again (our newest earlier release), when we recorded one. */
  liveAgain?: string;
  /** The rollout that shipped this version to the authorizer, when one did. */
  rolloutId?: string;
};

/**
 * An authorizer's versions over time from our own records (commits, audits with their decisions, releases and
 * rollbacks): the trial (体验版), audit (审核版) and live (线上版) versions as they are now, and every change,
 * newest first. Platform-scoped: another platform's app is a 404 before anything is read. Versions shipped
 * before the service managed the authorizer are not known to it.
 */
export async function listVersionHistory(ctx: PlatformContext, input: { provider: string; appId: string }) {
  await findAuthorizer(ctx, input);
  const of = <T extends typeof mpAudits | typeof mpCommits>(t: T) =>
    and(eq(t.platformId, ctx.platformId), eq(t.provider, input.provider), eq(t.appId, input.appId));
  const [commits, audits, rollouts] = await Promise.all([
    ctx.db.select().from(mpCommits).where(of(mpCommits)).orderBy(desc(mpCommits.createdAt)).limit(HISTORY_ROWS),
    ctx.db.select().from(mpAudits).where(of(mpAudits)).orderBy(desc(mpAudits.submittedAt)).limit(HISTORY_ROWS),
    ctx.db
      .select({ rolloutId: miniProgramRollouts.id, userVersion: miniProgramRollouts.userVersion })
      .from(miniProgramRolloutItems)
      .innerJoin(miniProgramRollouts, eq(miniProgramRollouts.id, miniProgramRolloutItems.rolloutId))
      .where(
        and(
          eq(miniProgramRollouts.platformId, ctx.platformId),
          eq(miniProgramRollouts.provider, input.provider),
          eq(miniProgramRolloutItems.appId, input.appId),
          isNotNull(miniProgramRolloutItems.committedAt),
        ),
      )
      .orderBy(desc(miniProgramRollouts.createdAt))
      .limit(HISTORY_ROWS),
  ]);
  // A version's newest rollout to this authorizer (the rows are newest first).
  const rolloutOf = new Map<string, string>();
  for (const r of rollouts) if (!rolloutOf.has(r.userVersion)) rolloutOf.set(r.userVersion, r.rolloutId);
  const via = (userVersion: string) => {
    const rolloutId = rolloutOf.get(userVersion);
    return rolloutId ? { rolloutId } : {};
  };

  const events: HistoryEvent[] = commits.map((c) => ({
    kind: 'committed',
    at: c.createdAt.toISOString(),
    userVersion: c.userVersion,
    templateId: c.templateId,
    ...via(c.userVersion),
  }));
  for (const a of audits) {
    const base = { userVersion: a.userVersion, auditId: a.auditId, ...via(a.userVersion) };
    events.push({ kind: 'submitted', at: a.submittedAt.toISOString(), ...base });
    if (a.decidedAt && a.status !== 'pending')
      events.push({
        kind: a.status,
        at: a.decidedAt.toISOString(),
        ...base,
        ...(a.status === 'rejected' && a.reason ? { reason: a.reason } : {}),
      });
    if (a.releasedAt) events.push({ kind: 'released', at: a.releasedAt.toISOString(), ...base });
    if (a.rolledBackAt) {
      const back = a.rolledBackAt;
      // What the rollback made live again: the newest release before it that was not itself rolled back by then.
      const previous = audits
        .filter((p) => p.releasedAt && p.releasedAt < back && (!p.rolledBackAt || p.rolledBackAt > back))
        .sort((x, y) => y.releasedAt!.getTime() - x.releasedAt!.getTime())[0];
      events.push({
        kind: 'rolled_back',
        at: back.toISOString(),
        ...base,
        ...(previous ? { liveAgain: previous.userVersion } : {}),
      });
    }
  }
  events.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));

  const live = audits
    .filter((a) => a.releasedAt && !a.rolledBackAt)
    .sort((x, y) => y.releasedAt!.getTime() - x.releasedAt!.getTime())[0];
  const audit = audits[0];
  const trial = commits[0];
  return {
    trial: trial ? { userVersion: trial.userVersion, at: trial.createdAt.toISOString() } : null,
    audit: audit ? { userVersion: audit.userVersion, status: audit.status, at: audit.submittedAt.toISOString() } : null,
    live: live ? { userVersion: live.userVersion, at: live.releasedAt!.toISOString() } : null,
    events,
  };
}
