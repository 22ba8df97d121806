/** Requests of mini-program rollouts (REST and tRPC share them); docs/mini-program-rollouts.md. */
import { z } from 'zod';
import { submitAuditBody } from './mini-program-requests';
import { paginationQuery } from './pagination';

const appId = z.string().min(1).max(64);

export const rolloutTargets = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ appIds: z.array(appId).min(1).max(5000) }).strict(),
  z.object({ sellerIds: z.array(z.string().min(1).max(128)).min(1).max(5000) }).strict(),
]);

export const createRolloutBody = z
  .object({
    templateId: z.string().min(1).max(64),
    templateVersion: z.string().max(64).optional(),
    userVersion: z.string().trim().min(1).max(64),
    userDesc: z.string().max(500).default(''),
    extJson: z
      .string()
      .min(2)
      .max(100_000)
      .describe(
        'The ext JSON as a template: {{appId}}, {{sellerId}} and {{ext.<key>}} are replaced per authorizer (JSON-escaped) and the result must be valid ext JSON.',
      ),
    authorizerExt: z
      .record(appId, z.record(z.string().min(1).max(64), z.string().max(1000)))
      .default({})
      .describe('Per-authorizer values for {{ext.<key>}}, by app id.'),
    itemList: submitAuditBody.shape.itemList,
    targets: rolloutTargets,
    policy: z
      .object({
        mode: z.enum(['commit_only', 'submit_audit']).default('submit_audit'),
        release: z.enum(['auto', 'hold']).default('auto'),
        concurrency: z.number().int().min(1).max(50).default(10),
        grayPercentage: z
          .number()
          .int()
          .min(1)
          .max(100)
          .optional()
          .describe(
            'providerA only: the release step is a phased (gray) release to this percentage of users (WeChat /wxa/grayrelease); needs release "auto" and a version already online.',
          ),
      })
      .strict()
      .default({ mode: 'submit_audit', release: 'auto', concurrency: 10 }),
  })
  .strict();

export const listRolloutsQuery = z
  .object({
    ...paginationQuery,
    state: z.enum(['running', 'paused', 'cancelled', 'completed']).optional(),
  })
  .strict();

export const getRolloutQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
    state: z.enum(['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped']).optional(),
  })
  .strict();

export const rolloutActionBody = z.object({}).strict().default({});

/** The console's check before sending: the targets' count, and the ext JSON template rendered for them. */
export const previewRolloutQuery = createRolloutBody
  .pick({ extJson: true, authorizerExt: true, targets: true })
  .extend({ previewAppId: appId.optional() })
  .strict();
