// Not a use case: the one shape a rollout is shown in (REST, tRPC).
import type { miniProgramRollouts, miniProgramRolloutItems } from '@/server/db/schema';

type Rollout = typeof miniProgramRollouts.$inferSelect;
type Item = typeof miniProgramRolloutItems.$inferSelect;

export const rolloutDto = (r: Rollout) => ({
  object: 'rollout' as const,
  id: r.id,
  platform: r.provider,
  templateId: r.templateId,
  ...(r.templateVersion ? { templateVersion: r.templateVersion } : {}),
  userVersion: r.userVersion,
  userDesc: r.userDesc,
  extJson: r.extJson,
  itemList: r.itemList,
  policy: {
    mode: r.mode,
    release: r.release,
    concurrency: r.concurrency,
    ...(r.grayPercentage === null ? {} : { grayPercentage: r.grayPercentage }),
  },
  state: r.state,
  total: r.total,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
});

export const rolloutItemDto = (i: Item) => ({
  authorizerAppId: i.appId,
  step: i.step,
  state: i.state,
  reason: i.reason,
  auditId: i.auditId,
  attempts: i.attempts,
  committedAt: i.committedAt?.toISOString() ?? null,
  releasedAt: i.releasedAt?.toISOString() ?? null,
  updatedAt: i.updatedAt.toISOString(),
});
