import { and, eq, sql } from 'drizzle-orm';
import { miniProgramRolloutItems, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { changeRolloutState } from './change-rollout-state';

/**
 * Failed authorizers go again from the step that failed; a rejected audit goes back to submit (the fix is on
 * the reviewer's side or in the committed code). The rollout runs again.
 */
export const retryFailedItems = (ctx: PlatformContext, input: { provider: Provider; id: string }) =>
  changeRolloutState(ctx, {
    ...input,
    action: 'retry_failed',
    from: ['running', 'paused', 'completed'],
    to: 'running',
    alsoDo: async (tx) => {
      const retried = await tx
        .update(miniProgramRolloutItems)
        .set({
          state: 'pending',
          step: sql`case when ${miniProgramRolloutItems.step} = 'await_audit' then 'submit_audit' else ${miniProgramRolloutItems.step} end`,
          auditId: sql`case when ${miniProgramRolloutItems.step} = 'await_audit' then null else ${miniProgramRolloutItems.auditId} end`,
          submitIntentAt: null,
          notBefore: null,
          reason: null,
          updatedAt: new Date(),
        })
        .where(and(eq(miniProgramRolloutItems.rolloutId, input.id), eq(miniProgramRolloutItems.state, 'failed')))
        .returning({ appId: miniProgramRolloutItems.appId });
      return { retried: retried.length };
    },
  });
