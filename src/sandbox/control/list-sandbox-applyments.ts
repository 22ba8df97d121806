import { and, eq, inArray } from 'drizzle-orm';
import { listSandboxApplyments } from '@/sandbox/control-applyments';
import type { SandboxApplymentSummary } from '@/sandbox/providerA/pay/control';
import type { ZftOrderSummary } from '@/sandbox/providerB/zft/zft-control';
import type { SandboxStore } from '@/sandbox/store';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '@/server/services/context';
import { fromProviderA, fromProviderB, subMerchantIdOf, type SandboxApplymentDto } from './sandbox-applyment-dto';

const SHOWN = 500;

/**
 * The sandbox upstream's applications (both providers) that belong to this platform's sub-merchants, newest
 * first, at most SHOWN. `store` is the platform's own sandbox namespace; the check against our records stays as a second wall.
 */
export async function listPlatformSandboxApplyments(
  ctx: PlatformContext,
  store: SandboxStore,
): Promise<{ object: 'list'; data: SandboxApplymentDto[] }> {
  const [a, b] = await Promise.all([
    listSandboxApplyments(store, 'providerA'),
    listSandboxApplyments(store, 'providerB'),
  ]);
  // The newest few hundred: a seeded platform's sandbox holds ~90,000 (`sandbox seed`), more than a page can
  // show or one query can check.
  const all = [...(a as SandboxApplymentSummary[]).map(fromProviderA), ...(b as ZftOrderSummary[]).map(fromProviderB)]
    .sort((x, y) => y.updatedAt.localeCompare(x.updatedAt))
    .slice(0, SHOWN);
  const withRecord = all.flatMap((x) => {
    const subMerchantId = subMerchantIdOf(x.provider, x.submissionId);
    return subMerchantId ? [{ ...x, subMerchantId }] : [];
  });
  const ids = [...new Set(withRecord.map((x) => x.subMerchantId))];
  const owned =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: subMerchants.id,
            provider: subMerchants.provider,
            distributor: subMerchants.distributorExternalUserId,
          })
          .from(subMerchants)
          .where(and(eq(subMerchants.platformId, ctx.platformId), inArray(subMerchants.id, ids)));
  const byId = new Map(owned.map((r) => [r.id, r]));
  const data = withRecord
    .filter((x) => byId.get(x.subMerchantId)?.provider === x.provider)
    .map((x) => ({ ...x, distributorExternalUserId: byId.get(x.subMerchantId)?.distributor ?? null }))
    .sort((x, y) => y.updatedAt.localeCompare(x.updatedAt));
  return { object: 'list', data };
}
