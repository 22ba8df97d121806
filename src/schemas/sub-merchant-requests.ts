/** Request bodies of the payments area: REST, tRPC and the console share them. */
import { z } from 'zod';
import { formDataDraftSchema } from './form-data';
import { providerSchema } from '@/domain/providers';
import { upstreamStateFilters } from '@/domain/sub-merchant-states';
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

/** The console's sub-merchant list: filters on top of a page. */
export const consoleListQuery = z
  .object({
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
    status: subMerchantStatusSchema.optional(),
    provider: providerSchema.optional(),
    upstreamState: z.enum(upstreamStateFilters).optional(),
    /** Case-insensitive substring of the distributor id. */
    distributor: z.string().trim().min(1).max(128).optional(),
  })
  .strict();

export type ConsoleListQuery = z.input<typeof consoleListQuery>;
