/** Responses of mini-program rollouts, as /v1/openapi.json and the typed client describe them. */
import { z } from 'zod';
import { providerSchema } from '@/domain/providers';

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');

const rolloutFields = {
  object: z.literal('rollout'),
  id: z.string(),
  platform: providerSchema,
  templateId: z.string(),
  templateVersion: z.string().optional(),
  userVersion: z.string(),
  userDesc: z.string(),
  policy: z.object({
    mode: z.enum(['commit_only', 'submit_audit']),
    release: z.enum(['auto', 'hold']),
    concurrency: z.number().int(),
    grayPercentage: z.number().int().optional().describe('Set when the release step is a phased (gray) release.'),
  }),
  state: z.enum(['running', 'paused', 'cancelled', 'completed']),
  total: z.number().int(),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  completedAt: timestamp.nullable(),
};

export const rolloutSchema = z.object(rolloutFields).meta({ id: 'Rollout' });

export const rolloutListSchema = z
  .object({
    object: z.literal('list'),
    data: z.array(rolloutSchema),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().describe('Give it as `cursor` for the next page; null on the last.'),
  })
  .meta({ id: 'RolloutList' });

export const rolloutItemSchema = z
  .object({
    authorizerAppId: z.string(),
    step: z.enum(['commit', 'submit_audit', 'await_audit', 'release', 'done']),
    state: z.enum(['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped']),
    reason: z.string().nullable().describe("Why the item waits, failed or was skipped, in the upstream's words."),
    auditId: z.string().nullable(),
    attempts: z.number().int(),
    committedAt: timestamp.nullable(),
    releasedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: 'RolloutItem' });

export const rolloutDetailSchema = z
  .object({
    ...rolloutFields,
    counts: z.object({
      byStep: z.record(z.string(), z.number().int()),
      byState: z.record(z.string(), z.number().int()),
    }),
    items: z.array(rolloutItemSchema),
  })
  .meta({ id: 'RolloutDetail' });

export const rolloutActionSchema = z
  .object({
    ...rolloutFields,
    retried: z.number().int().optional().describe('retry-failed: how many failed authorizers go again.'),
    doneUpstream: z
      .object({ committed: z.number().int(), submittedForAudit: z.number().int(), released: z.number().int() })
      .optional()
      .describe('cancel: what the rollout had already done upstream.'),
  })
  .meta({ id: 'RolloutAction' });
