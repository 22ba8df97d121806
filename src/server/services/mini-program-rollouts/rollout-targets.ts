// Not a use case: the authorizers a rollout's targets name (create-rollout, preview-rollout), so the count the
// console shows before sending is the set the create would store.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { rolloutTargets } from '@/schemas/mini-program-rollouts';
import { mpAuthorizers, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';

/** The platform's authorizers of the provider the targets match, by app id; and the listed app ids that are none. */
export async function resolveRolloutTargets(
  ctx: PlatformContext,
  { provider, targets }: { provider: Provider; targets: z.infer<typeof rolloutTargets> },
) {
  const rows = await ctx.db
    .select({ appId: mpAuthorizers.appId, tenantId: mpAuthorizers.tenantId, ext: mpAuthorizers.ext })
    .from(mpAuthorizers)
    .where(
      and(
        eq(mpAuthorizers.platformId, ctx.platformId),
        eq(mpAuthorizers.provider, provider),
        'appIds' in targets ? inArray(mpAuthorizers.appId, targets.appIds) : undefined,
        'sellerIds' in targets ? inArray(mpAuthorizers.tenantId, targets.sellerIds) : undefined,
      ),
    )
    .orderBy(mpAuthorizers.appId);
  const found = new Set(rows.map((t) => t.appId));
  const missing = 'appIds' in targets ? [...new Set(targets.appIds)].filter((id) => !found.has(id)) : [];
  return { targets: rows, missing };
}
