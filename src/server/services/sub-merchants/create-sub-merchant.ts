import { and, eq, isNull } from 'drizzle-orm';
import type { CreateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import type { PlatformContext } from '../context';
import { emitSubMerchantUpdated } from './emit-sub-merchant-updated';
import { getPlatform } from '../platforms/get-platform';
import { formDataTouched, recordHistory } from './record-history';
import { mergeFormDataPatch } from './merge-form-data-patch';
import { storedFormColumns } from './stored-form-data';
import { toSubMerchantDto } from './sub-merchant-dto';
import { refuseOtherProvidersValues } from './provider-values-guard';

/**
 * Idempotent create: one record per (platform, distributor or none, provider), enforced by a unique
 * constraint (NULLS NOT DISTINCT), so concurrent creates race safely. `created` tells 201 from 200; an
 * existing record is returned unchanged (its formData is edited with PUT or submit).
 */
export async function createSubMerchant(ctx: PlatformContext, body: CreateSubMerchantBody) {
  if (body.formData) refuseOtherProvidersValues(body.formData, body.provider);
  const distributor = body.distributorExternalUserId ?? null;
  const defaultRate = (await getPlatform(ctx)).config['payments.default_commission_rate'];
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(subMerchants)
      .values({
        id: newId('sm'),
        platformId: ctx.platformId,
        distributorExternalUserId: distributor,
        provider: body.provider,
        commissionRate: String(body.commissionRate ?? defaultRate ?? 0),
        ...storedFormColumns(mergeFormDataPatch({}, body.formData ?? {})),
        // Millisecond precision, like the cursor: the column default (now()) has microseconds.
        createdAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await recordHistory(tx, {
        subMerchantId: inserted.id,
        actor: ctx.actor,
        action: 'created',
        changes: formDataTouched(body.formData),
      });
      await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: inserted, change: 'created' });
      return { created: true, record: toSubMerchantDto(inserted) };
    }
    const [existing] = await tx
      .select()
      .from(subMerchants)
      .where(
        and(
          eq(subMerchants.platformId, ctx.platformId),
          eq(subMerchants.provider, body.provider),
          distributor === null
            ? isNull(subMerchants.distributorExternalUserId)
            : eq(subMerchants.distributorExternalUserId, distributor),
        ),
      );
    return { created: false, record: toSubMerchantDto(existing!) };
  });
}
