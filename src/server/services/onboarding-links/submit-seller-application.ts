import { and, eq } from 'drizzle-orm';
import { reviewUnderWay } from '@/domain/sub-merchant-states';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { emitSubMerchantUpdated } from '../sub-merchants/emit-sub-merchant-updated';
import { recordHistory } from '../sub-merchants/record-history';
import { submitSubMerchant } from '../sub-merchants/submit-sub-merchant';
import { toSubMerchantDto } from '../sub-merchants/sub-merchant-dto';
import { validatedMerge } from '../sub-merchants/validated-form-data';
import type { SellerSession } from './resolve-seller-session';
import { sellerContext, sellerJourney, sellerRecord, sellerRecordDto } from './seller-scope';

/**
 * The seller presses submit. Policy `direct`: the record is submitted upstream by the same submit use case as the
 * API's (rules, lease, idempotent submission id). Policy `review`: the same submit rules are checked, then the
 * record is marked ready for review (`reviewRequestedAt`) for an operator to check and submit. Either way the
 * history has the actor `seller` and the event says `seller_submitted`; a form that fails a rule changes nothing.
 */
export async function submitSellerApplication(ctx: ServiceContext, { session }: { session: SellerSession }) {
  const { submitPolicy } = await sellerJourney(ctx, session);
  const pctx = sellerContext(ctx, session);
  if (submitPolicy === 'direct') {
    const { record } = await submitSubMerchant(pctx, {
      id: session.subMerchantId,
      patch: undefined,
      change: 'seller_submitted',
    });
    return { policy: submitPolicy, record: sellerRecordDto(record) };
  }
  const row = await sellerRecord(ctx, session);
  if (reviewUnderWay(row.chApplymentState) || row.chApplymentState === 'finished') {
    throw new AppError('onboarding_in_progress', 'The application is already with the upstream; nothing changed.');
  }
  await validatedMerge(pctx, row, undefined);
  const requestedAt = new Date();
  const updated = await ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .update(subMerchants)
      .set({ reviewRequestedAt: requestedAt, updatedAt: requestedAt, version: row.version + 1 })
      .where(and(eq(subMerchants.id, row.id), eq(subMerchants.version, row.version)))
      .returning();
    if (!next) throw new AppError('conflict', 'The record changed while it was being submitted; try again.');
    await recordHistory(tx, {
      subMerchantId: row.id,
      actor: pctx.actor,
      action: 'seller_submitted',
      changes: {
        reviewRequestedAt: { from: row.reviewRequestedAt?.toISOString() ?? null, to: requestedAt.toISOString() },
      },
    });
    await emitSubMerchantUpdated({ ...pctx, db: tx }, { row: next, change: 'seller_submitted' });
    return next;
  });
  return { policy: submitPolicy, record: sellerRecordDto(toSubMerchantDto(updated)) };
}
