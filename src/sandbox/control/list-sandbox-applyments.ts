import { and, eq, ilike, inArray } from 'drizzle-orm';
import { listSandboxApplyments } from '@/sandbox/control-applyments';
import type { SandboxApplymentSummary } from '@/sandbox/providerA/pay/control';
import type { ZftOrderSummary } from '@/sandbox/providerB/zft/zft-control';
import type { SandboxStore } from '@/sandbox/store';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '@/server/services/context';
import { fromProviderA, fromProviderB, subMerchantIdOf, type SandboxApplymentDto } from './sandbox-applyment-dto';

/** Rows per page: a seeded platform's sandbox holds ~90,000 applications, searched and paged here, never sent whole. */
export const SANDBOX_PAGE_SIZE = 25;
/** Distributor ids a search may match at most: enough for any name an operator types part of. */
const DISTRIBUTOR_MATCHES = 1_000;

/**
 * The sandbox upstream's applications (both providers) that belong to this platform's sub-merchants, newest
 * first, one page of SANDBOX_PAGE_SIZE, optionally only those whose record id, application id or distributor id
 * holds `q`. `store` is the platform's own sandbox namespace; the check against our records stays as a second wall.
 */
export async function listPlatformSandboxApplyments(
  ctx: PlatformContext,
  store: SandboxStore,
  { q, page = 0 }: { q?: string; page?: number } = {},
): Promise<{ object: 'list'; data: SandboxApplymentDto[]; total: number; page: number; pageSize: number }> {
  const [a, b] = await Promise.all([
    listSandboxApplyments(store, 'providerA'),
    listSandboxApplyments(store, 'providerB'),
  ]);
  const needle = q?.trim().toLowerCase() || undefined;
  const distributorMatches = needle ? await subMerchantsByDistributor(ctx, needle) : new Set<string>();
  const matching = [
    ...(a as SandboxApplymentSummary[]).map(fromProviderA),
    ...(b as ZftOrderSummary[]).map(fromProviderB),
  ]
    .flatMap((x) => {
      const subMerchantId = subMerchantIdOf(x.provider, x.submissionId);
      return subMerchantId ? [{ ...x, subMerchantId }] : [];
    })
    .filter(
      (x) =>
        !needle ||
        x.applymentId.toLowerCase().includes(needle) ||
        x.subMerchantId.toLowerCase().includes(needle) ||
        distributorMatches.has(x.subMerchantId),
    )
    .sort((x, y) => y.updatedAt.localeCompare(x.updatedAt));
  const withRecord = matching.slice(page * SANDBOX_PAGE_SIZE, (page + 1) * SANDBOX_PAGE_SIZE);
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
  return { object: 'list', data, total: matching.length, page, pageSize: SANDBOX_PAGE_SIZE };
}

/** This platform's records whose distributor id holds `needle` (LIKE's wildcards in it match themselves). */
async function subMerchantsByDistributor(ctx: PlatformContext, needle: string): Promise<Set<string>> {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({ id: subMerchants.id })
    .from(subMerchants)
    .where(and(eq(subMerchants.platformId, ctx.platformId), ilike(subMerchants.distributorExternalUserId, pattern)))
    .limit(DISTRIBUTOR_MATCHES);
  return new Set(rows.map((row) => row.id));
}
