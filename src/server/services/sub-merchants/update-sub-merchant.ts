import { and, eq } from 'drizzle-orm';
import type { UpdateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { emitSubMerchantUpdated } from './emit-sub-merchant-updated';
import { findSubMerchant } from './find-sub-merchant';
import { subMerchantEtag } from './get-sub-merchant';
import { diffRecords, formDataTouched, recordHistory, trackedFields } from './record-history';
import { mergeFormDataPatch } from './merge-form-data-patch';
import { storedFormColumns } from './stored-form-data';
import { submissionId } from './submission-id';
import { revealFormData, toSubMerchantDto } from './sub-merchant-dto';
import { reviewUnderWay } from '@/domain/sub-merchant-states';
import { refuseOtherProvidersValues } from './provider-values-guard';

type Row = typeof subMerchants.$inferSelect;

/** docs/product/decisions.md §4 PUT rules: back-fill metadata, operator moves active ↔ suspended, draft formData; never skip onboarding. */
function checkRules(row: Row, body: UpdateSubMerchantBody) {
  if (body.formData) refuseOtherProvidersValues(body.formData, row.provider);
  const underReview = reviewUnderWay(row.chApplymentState);
  if (body.formData && underReview)
    throw new AppError('onboarding_in_progress', 'formData cannot change while the upstream review is under way.');
  if (underReview && (body.status === 'active' || body.chSubMchid)) {
    throw new AppError(
      'onboarding_in_progress',
      'The upstream review is under way; the sub-merchant id arrives when it finishes.',
    );
  }
  if (body.status && body.status !== row.status) {
    const move = `${row.status}→${body.status}`;
    const allowed = ['active→suspended', 'suspended→active', 'pending→active'];
    if (!allowed.includes(move))
      throw new AppError('invalid_status_transition', `Status cannot move ${row.status} → ${body.status}.`);
    if (body.status === 'active' && !(body.chSubMchid ?? row.chSubMchid)) {
      throw new AppError(
        'invalid_status_transition',
        'status "active" needs a chSubMchid, stored or in the same request.',
      );
    }
  }
}

/**
 * A back-filled chSubMchid that would make a record active must be the one the upstream assigned to this
 * record's application; anything else would skip onboarding.
 */
async function verifyBackfill(row: Row, body: UpdateSubMerchantBody) {
  const becomesActive = body.status === 'active' && row.status !== 'active';
  const newId = body.chSubMchid && body.chSubMchid !== row.chSubMchid;
  if (!becomesActive && !(newId && row.status === 'active')) return;
  const claimed = body.chSubMchid ?? row.chSubMchid!;
  const status =
    row.reviewRound > 0
      ? await (
          await onboardingProvider(row.provider, row.platformId)
        ).queryApplication({ submissionId: submissionId(row) })
      : null;
  if (status?.state !== 'finished' || status.subMchid !== claimed) {
    throw new AppError(
      'sub_merchant_unverified',
      `The upstream has no finished application of this record with sub-merchant id ${claimed}.`,
    );
  }
}

/**
 * `ifMatch`: the ETag the caller last read (If-Match); `expectedUpdatedAt`, the console's equivalent. Given, a record written since then is a 409 instead of
 * an update made on a view the caller never saw; without it, concurrent PUTs still never overwrite each other
 * (the version guard below), but one read after another's write applies on top of it.
 */
export async function updateSubMerchant(
  ctx: PlatformContext,
  {
    id,
    body,
    ifMatch,
    expectedUpdatedAt,
    change = 'updated',
  }: {
    id: string;
    body: UpdateSubMerchantBody;
    ifMatch?: string | null;
    expectedUpdatedAt?: string;
    /** What the `sub_merchant.updated` event says happened (`seller_saved` from the hosted form). */
    change?: string;
  },
) {
  const row = await findSubMerchant(ctx, { id });
  if (ifMatch && ifMatch !== '*' && ifMatch !== subMerchantEtag(row)) {
    throw new AppError(
      'conflict',
      `The record changed since ${ifMatch} (it is now ${subMerchantEtag(row)}); fetch it and try again.`,
    );
  }
  // The console's draft saves carry the `updatedAt` they last saw: another tab's (or operator's) save since then
  // is a 409 the wizard shows, instead of one tab silently overwriting the other's fields.
  if (expectedUpdatedAt && expectedUpdatedAt !== row.updatedAt.toISOString()) {
    throw new AppError(
      'conflict',
      `The record was saved elsewhere at ${row.updatedAt.toISOString()}, after the version this save was based on (${expectedUpdatedAt}); reload it and try again.`,
    );
  }
  checkRules(row, body);
  await verifyBackfill(row, body);
  const next = {
    ...(body.chSubMchid ? { chSubMchid: body.chSubMchid } : {}),
    ...(body.status ? { status: body.status } : {}),
    ...(body.commissionRate !== undefined ? { commissionRate: String(body.commissionRate) } : {}),
    ...(body.formData ? storedFormColumns(mergeFormDataPatch(revealFormData(row), body.formData)) : {}),
  };
  return ctx.db.transaction(async (tx) => {
    // Optimistic: a concurrent change (e.g. a sync) makes this PUT fail cleanly instead of overwriting it.
    const [updated] = await tx
      .update(subMerchants)
      .set({ ...next, updatedAt: new Date(), version: row.version + 1 })
      .where(and(eq(subMerchants.id, id), eq(subMerchants.version, row.version)))
      .returning();
    if (!updated)
      throw new AppError('conflict', 'The record changed while this update was being made; fetch it and try again.');
    const changes = {
      ...diffRecords(row as Record<string, unknown>, updated as Record<string, unknown>, trackedFields),
      ...formDataTouched(body.formData),
    };
    await recordHistory(tx, { subMerchantId: id, actor: ctx.actor, action: 'updated', changes, reason: body.reason });
    // Suspending and resuming stop and restart a merchant's payments: the platform's audit log keeps who and why.
    if (body.status && body.status !== row.status && (body.status === 'suspended' || row.status === 'suspended')) {
      await recordAudit(tx, {
        platformId: ctx.platformId,
        actor: ctx.actor,
        action: body.status === 'suspended' ? 'sub_merchant.suspend' : 'sub_merchant.resume',
        target: { type: 'sub_merchant', id },
        details: { from: row.status, to: body.status },
        reason: body.reason,
      });
    }
    await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: updated, change });
    return toSubMerchantDto(updated);
  });
}
