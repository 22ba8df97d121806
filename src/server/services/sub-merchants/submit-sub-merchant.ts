import { eq } from 'drizzle-orm';
import type { FormData, FormDataPatch } from '@/schemas/form-data';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { jobSignals } from '@/server/db/job-signals';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import type { PlatformContext } from '../context';
import { applyUpstreamStatus } from './apply-upstream-status';
import { nextSyncAt } from './next-sync-at';
import { emitSubMerchantUpdated } from './emit-sub-merchant-updated';
import { findSubMerchant } from './find-sub-merchant';
import { formDataTouched, recordHistory } from './record-history';
import { storedFormColumns } from './stored-form-data';
import { acquireSubmitLease, releaseSubmitLease } from './submit-lease';
import { submissionId } from './submission-id';
import { validatedMerge } from './validated-form-data';
import { revealFormData, toSubMerchantDto } from './sub-merchant-dto';
import { reviewUnderWay } from '@/domain/sub-merchant-states';

type Row = typeof subMerchants.$inferSelect;

const isReplay = (row: Row) => row.chApplymentState === 'finished' || reviewUnderWay(row.chApplymentState);

/**
 * Submits a record upstream, or replays: while a review is under way (or finished) it reports the upstream's
 * current state with `replayed: true`. Validation failures change nothing. The state is written before the
 * upstream call, under a lease, with a submission id derived from the record: a retry, a concurrent submit or
 * a crash can never create a second upstream application.
 */
export async function submitSubMerchant(
  ctx: PlatformContext,
  {
    id,
    patch,
    change = 'submitted',
  }: {
    id: string;
    patch: FormDataPatch | undefined;
    /** What the `sub_merchant.updated` event says happened (`seller_submitted` from the hosted form). */
    change?: string;
  },
) {
  const row = await findSubMerchant(ctx, { id });
  if (!isReplay(row)) await validatedMerge(ctx, row, patch); // fail fast, before waiting for a lease
  const token = await acquireSubmitLease(ctx, { id });
  try {
    const current = await findSubMerchant(ctx, { id });
    if (isReplay(current)) return { record: toSubMerchantDto(await replay(ctx, current)), replayed: true };
    const formData = await validatedMerge(ctx, current, patch);
    const prepared = await markSubmitted(ctx, current, formData, patch, change);
    return { record: toSubMerchantDto(await sendToUpstream(ctx, prepared, formData, current)), replayed: false };
  } finally {
    await releaseSubmitLease(ctx, { id, token });
  }
}

async function markSubmitted(
  ctx: PlatformContext,
  row: Row,
  formData: FormData,
  patch: FormDataPatch | undefined,
  change: string,
) {
  const newRound = row.reviewRound === 0 || row.chApplymentState === 'rejected' || row.chApplymentState === 'canceled';
  const prepared = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subMerchants)
      .set({
        ...storedFormColumns(formData),
        chApplymentState: 'submitted',
        chApplymentStateMsg: null,
        rejectReasons: [],
        signUrl: null,
        // Submitted now: a seller's request for review is answered.
        reviewRequestedAt: null,
        reviewRound: newRound ? row.reviewRound + 1 : row.reviewRound,
        // Asked again soon in case the upstream call below fails; a stored answer sets its own next check.
        nextSyncAt: nextSyncAt({ state: 'submitted', changedAt: new Date(), provider: row.provider }),
        updatedAt: new Date(),
        version: row.version + 1,
      })
      .where(eq(subMerchants.id, row.id))
      .returning();
    await recordHistory(tx, {
      subMerchantId: row.id,
      actor: ctx.actor,
      action: 'submitted',
      changes: { chApplymentState: { from: row.chApplymentState, to: 'submitted' }, ...formDataTouched(patch) },
    });
    await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: updated!, change });
    return updated!;
  });
  if (prepared.nextSyncAt) await jobSignals.syncDueAt(prepared.nextSyncAt);
  return prepared;
}

async function sendToUpstream(ctx: PlatformContext, prepared: Row, formData: FormData, before: Row): Promise<Row> {
  try {
    const provider = await onboardingProvider(prepared.provider, prepared.platformId);
    const { applymentId } = await provider.submitApplication({ submissionId: submissionId(prepared), formData });
    const status = await provider
      .queryApplication({ submissionId: submissionId(prepared), formData })
      .catch(() => null);
    return applyUpstreamStatus(ctx, {
      row: prepared,
      status: status ?? { applymentId, state: 'submitted', rejectReasons: [] },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'onboarding_in_progress') return replay(ctx, prepared);
    if (error instanceof AppError && error.code === 'upstream_rejected')
      await revertRejectedSubmission(ctx, prepared, before);
    // Outages (502/504) keep `submitted`: the next submit or the background sync asks the upstream by id.
    throw error;
  }
}

/** The upstream refused a field: the application never started, so the state goes back (the form is kept). */
async function revertRejectedSubmission(ctx: PlatformContext, prepared: Row, before: Row) {
  await ctx.db.transaction(async (tx) => {
    const [reverted] = await tx
      .update(subMerchants)
      .set({
        chApplymentState: before.chApplymentState,
        reviewRound: before.reviewRound,
        nextSyncAt: null,
        updatedAt: new Date(),
        version: prepared.version + 1,
      })
      .where(eq(subMerchants.id, prepared.id))
      .returning();
    await recordHistory(tx, {
      subMerchantId: prepared.id,
      actor: 'upstream',
      action: 'upstream_rejected',
      changes: { chApplymentState: { from: 'submitted', to: before.chApplymentState } },
    });
    await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: reverted!, change: 'upstream_rejected' });
  });
}

/** Asks the upstream by submission id; an application it never received (crash, outage) is sent now. */
async function replay(ctx: PlatformContext, row: Row): Promise<Row> {
  if (row.chApplymentState === 'finished') return row;
  const formData = revealFormData(row);
  const status = await (
    await onboardingProvider(row.provider, row.platformId)
  ).queryApplication({
    submissionId: submissionId(row),
    formData,
  });
  if (status) return applyUpstreamStatus(ctx, { row, status });
  if (row.chApplymentState === 'submitted')
    return sendToUpstream(ctx, row, formData, { ...row, chApplymentState: null });
  return row;
}

export { replay as refreshFromUpstream };
