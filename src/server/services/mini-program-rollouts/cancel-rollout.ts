import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { miniProgramRolloutItems, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { changeRolloutState } from './change-rollout-state';
import { cancelledReason } from './run-rollout-item';

/**
 * Stops the rollout: authorizers not finished are skipped (an audit already submitted stays under review
 * upstream but is not released by the rollout), and the answer says what was already done upstream.
 */
export const cancelRollout = (ctx: PlatformContext, input: { provider: Provider; id: string }) =>
  changeRolloutState(ctx, {
    ...input,
    action: 'cancel',
    from: ['running', 'paused'],
    to: 'cancelled',
    alsoDo: async (tx) => {
      await tx
        .update(miniProgramRolloutItems)
        .set({
          state: 'skipped',
          reason: sql`case when ${miniProgramRolloutItems.auditId} is not null
            then replace(${cancelledReason('{auditId}')}, '{auditId}', ${miniProgramRolloutItems.auditId})
            else ${cancelledReason(null)} end`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(miniProgramRolloutItems.rolloutId, input.id),
            inArray(miniProgramRolloutItems.state, ['pending', 'waiting']),
          ),
        );
      const done = (column: typeof miniProgramRolloutItems.committedAt | typeof miniProgramRolloutItems.auditId) =>
        tx
          .$count(miniProgramRolloutItems, and(eq(miniProgramRolloutItems.rolloutId, input.id), isNotNull(column)))
          .then(Number);
      return {
        doneUpstream: {
          committed: await done(miniProgramRolloutItems.committedAt),
          submittedForAudit: await done(miniProgramRolloutItems.auditId),
          released: await done(miniProgramRolloutItems.releasedAt),
        },
      };
    },
  });
