import { currentlyDue, maskFormData, personalFields, type FormData } from '@/schemas/form-data';
import { getFieldCipher } from '@/server/config/field-cipher';
import { decryptFields } from '@/server/crypto/field-encryption';
import type { subMerchants } from '@/server/db/schema';

type Row = typeof subMerchants.$inferSelect;

/** Plain formData of a row: personal fields are stored as cipher tokens. Server-side use only. */
export function revealFormData(row: Pick<Row, 'formData'>): FormData {
  return decryptFields(row.formData, personalFields, getFieldCipher()) as FormData;
}

/** The public shape of a sub-merchant: explicit fields, personal data masked by construction. */
export function toSubMerchantDto(row: Row) {
  const formData = revealFormData(row);
  return {
    id: row.id,
    object: 'sub_merchant' as const,
    platformId: row.platformId,
    distributorExternalUserId: row.distributorExternalUserId ?? undefined,
    provider: row.provider,
    status: row.status,
    commissionRate: Number(row.commissionRate),
    chSubMchid: row.chSubMchid ?? undefined,
    chApplymentId: row.chApplymentId ?? undefined,
    chApplymentState: row.chApplymentState ?? undefined,
    chApplymentStateMsg: row.chApplymentStateMsg ?? undefined,
    signUrl: row.signUrl ?? undefined,
    rejectReasons: row.rejectReasons,
    reviewRequestedAt: row.reviewRequestedAt?.toISOString() ?? undefined,
    formData: maskFormData(formData),
    requirements: { currentlyDue: currentlyDue(formData, row.provider) },
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? undefined,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? undefined,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SubMerchantDto = ReturnType<typeof toSubMerchantDto>;
