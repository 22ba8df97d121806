import type { z } from 'zod';
import type { previewRolloutQuery } from '@/schemas/mini-program-rollouts';
import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { renderForTargets, unknownPlaceholders } from './render-ext-json';
import { resolveRolloutTargets } from './rollout-targets';

/** How many authorizers that do not render are named in the answer (the count says how many there are). */
const INVALID_SHOWN = 50;

/**
 * What a rollout would do before it is started, with create-rollout's own target resolution and rendering: how
 * many authorizers the targets match (and the listed app ids that are none), the placeholders it would refuse,
 * the authorizers whose ext JSON would not render (create's 422), and the ext JSON of one of them as it would be
 * committed (`previewAppId`, else the first). Reads only our database; nothing is sent upstream or stored.
 */
export async function previewRollout(
  ctx: PlatformContext,
  { provider, query }: { provider: Provider; query: z.infer<typeof previewRolloutQuery> },
) {
  const { targets, missing } = await resolveRolloutTargets(ctx, { provider, targets: query.targets });
  const unknown = unknownPlaceholders(query.extJson);
  const rendered = unknown.length ? [] : renderForTargets(query.extJson, targets, query.authorizerExt);
  const invalid = rendered.flatMap((r) => (r.result.ok ? [] : [{ appId: r.appId, error: r.result.error }]));
  const shown = rendered.find((r) => r.appId === query.previewAppId) ?? rendered[0];
  return {
    matched: targets.length,
    unknownAppIds: missing,
    unknownPlaceholders: unknown,
    invalidCount: invalid.length,
    invalid: invalid.slice(0, INVALID_SHOWN),
    preview: shown
      ? {
          appId: shown.appId,
          sellerId: shown.sellerId,
          extJson: shown.result.ok ? shown.result.extJson : null,
          error: shown.result.ok ? null : shown.result.error,
        }
      : null,
  };
}
