import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { moveApplyment } from '@/sandbox/control-applyments';
import type { NamespacedSandbox } from '@/sandbox/sandbox-context';
import { subMerchants } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import type { PlatformContext } from '@/server/services/context';
import { acquireSubmitLease, releaseSubmitLease } from '@/server/services/sub-merchants/submit-lease';
import { refreshFromUpstream } from '@/server/services/sub-merchants/submit-sub-merchant';
import { listPlatformSandboxApplyments } from './list-sandbox-applyments';
import { upstreamFieldName } from '@/server/services/platforms/upstream-field-name';
import type { moveSandboxApplymentInput } from '@/schemas/sandbox-requests';

/**
 * The sandbox page's "move along": what the upstream's reviewers (and the merchant signing) would do, on one of
 * this platform's applications only (another platform's is 404). The service learns of it as it would from the
 * real upstream (its status sync, or providerB's signed push of a result), and then at once by a sync of the
 * moved record, so the console shows every move without waiting for the record's next scheduled check.
 */
export async function moveSandboxApplyment(
  ctx: PlatformContext,
  sandbox: NamespacedSandbox,
  input: z.infer<typeof moveSandboxApplymentInput>,
) {
  const { store } = sandbox;
  const own = (await listPlatformSandboxApplyments(ctx, store, { q: input.applymentId })).data.find(
    (a) => a.provider === input.provider && a.applymentId === input.applymentId,
  );
  if (!own) throw notFound('Sandbox application');
  const rejectReasons =
    input.state === 'rejected'
      ? (input.rejectReasons ?? []).map((r) => ({
          field: upstreamFieldName(input.provider, r.field),
          reason: r.reason,
        }))
      : undefined;
  await moveApplyment(sandbox, input.provider, input.applymentId, {
    state: input.state,
    ...(rejectReasons?.length ? { rejectReasons } : {}),
  });
  // providerB pushes only its results (finished, rejected: handled above, in the same request); providerA pushes
  // nothing. Any other change would wait for the record's next scheduled check, up to the whole sync interval
  // for a record that has waited a while (the next check backs off with quiet time). The console's move should
  // show at once, whichever provider and state: sync this record now.
  await syncNow(ctx, own.subMerchantId);
  logger.info(
    { platformId: ctx.platformId, actor: ctx.actor, provider: input.provider, state: input.state },
    'sandbox application moved',
  );
  const moved = (await listPlatformSandboxApplyments(ctx, store, { q: input.applymentId })).data.find(
    (a) => a.provider === input.provider && a.applymentId === input.applymentId,
  );
  return moved ?? own;
}

async function syncNow(ctx: PlatformContext, subMerchantId: string) {
  const token = await acquireSubmitLease(ctx, { id: subMerchantId, waitMs: 10_000 });
  try {
    const [row] = await ctx.db
      .select()
      .from(subMerchants)
      .where(and(eq(subMerchants.platformId, ctx.platformId), eq(subMerchants.id, subMerchantId)));
    if (row) await refreshFromUpstream({ ...ctx, actor: 'sync' }, row);
  } finally {
    await releaseSubmitLease(ctx, { id: subMerchantId, token });
  }
}
