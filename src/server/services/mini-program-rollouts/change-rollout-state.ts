// Not a use case: the one state transition pause, resume, cancel and retry-failed share: conditional on the
// current state (a concurrent change makes the loser a 409), audited, and kicking the executor when it runs again.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { jobSignals } from '@/server/db/job-signals';
import { miniProgramRollouts, type Provider, type RolloutState } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { findRollout } from './find-rollout';
import { rolloutDto } from './rollout-dto';
import { kickRollout } from './rollout-queue';

export async function changeRolloutState<Details extends Record<string, unknown> = Record<never, never>>(
  ctx: PlatformContext,
  input: {
    provider: Provider;
    id: string;
    action: 'pause' | 'resume' | 'cancel' | 'retry_failed';
    from: RolloutState[];
    to: RolloutState;
    /** Runs in the transaction after the transition, for the items. */
    alsoDo?: (tx: Db) => Promise<Details>;
  },
) {
  const current = await findRollout(ctx, input);
  const result = await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(miniProgramRollouts)
      .set({ state: input.to, updatedAt: new Date(), completedAt: null })
      .where(and(eq(miniProgramRollouts.id, input.id), inArray(miniProgramRollouts.state, input.from)))
      .returning();
    if (!moved)
      throw new AppError(
        'invalid_status_transition',
        `The rollout is ${current.state}; ${input.action.replace('_', '-')} needs it ${input.from.join(' or ')}.`,
      );
    const details = ((await input.alsoDo?.(tx)) ?? {}) as Details;
    if (input.to === 'running') await kickRollout(tx, input.id);
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: `mini_program.rollout.${input.action}`,
      target: { type: 'mini_program_rollout', id: input.id },
      details,
    });
    return { rollout: moved, details };
  });
  if (input.to === 'running') jobSignals.outboxWritten();
  return { ...rolloutDto(result.rollout), ...result.details };
}
