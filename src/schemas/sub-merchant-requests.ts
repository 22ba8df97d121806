/** Request bodies of the payments area: REST, tRPC and the console share them. */
import { z } from 'zod';
import { formDataDraftSchema } from './form-data';
import { providerSchema } from '@/domain/providers';
import { chSubMchidSchema, commissionRateSchema, subMerchantStatusSchema } from './sub-merchant-fields';

export { commissionRateSchema, subMerchantStatusSchema } from './sub-merchant-fields';

export const createSubMerchantBody = z
  .object({
    distributorExternalUserId: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe("Your seller's id; omit for the platform's own record."),
    provider: providerSchema.default('providerA'),
    commissionRate: commissionRateSchema.optional(),
    formData: formDataDraftSchema.optional(),
  })
  .strict();

export const submitSubMerchantBody = z.object({ formData: formDataDraftSchema.optional() }).strict();

export const updateSubMerchantBody = z
  .object({
    chSubMchid: chSubMchidSchema.optional(),
    status: subMerchantStatusSchema.optional(),
    commissionRate: commissionRateSchema.optional(),
    formData: formDataDraftSchema.optional(),
    reason: z
      .string()
      .trim()
      .max(500)
      .optional()
      .describe('Why (for example why a merchant is suspended); kept in the record history and the audit log.'),
  })
  .strict()
  .refine(
    ({ reason: _reason, ...change }) => Object.keys(change).length > 0,
    'send at least one of chSubMchid, status, commissionRate, formData',
  );

export type CreateSubMerchantBody = z.infer<typeof createSubMerchantBody>;
export type UpdateSubMerchantBody = z.infer<typeof updateSubMerchantBody>;

const recordId = z.string().min(1).max(64);

/** The console wizard's save: a draft patch of one record; `expectedUpdatedAt` is the `updatedAt` it last saw. */
export const saveDraftInput = z.strictObject({
  id: recordId,
  formData: submitSubMerchantBody.shape.formData,
  /** A save made elsewhere since then answers CONFLICT. */
  expectedUpdatedAt: z.iso.datetime().optional(),
});

/** The console wizard's submit of one record, with the last changes of its form. */
export const submitInput = z.strictObject({ id: recordId, formData: submitSubMerchantBody.shape.formData });
