/**
 * The record's own fields an admin may set, on their own so a browser form can check them without the formData
 * schemas (and their reference tables) that sub-merchant-requests.ts brings (first-load budget).
 */
import { z } from 'zod';
import { subMerchantStatuses } from '@/domain/sub-merchant-states';
import { blankAsAbsent } from './blank-as-absent';

export const subMerchantStatusSchema = z.enum(subMerchantStatuses);

export const commissionRateSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.round(v * 100) === v * 100, 'at most 2 decimals')
  .describe('Percentage from 0 to 100 with at most 2 decimals (0.6 = 0.6%).');

export const chSubMchidSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, 'letters, digits, _ or -');

/**
 * The console's back-fill form: the PUT body's chSubMchid, status and commissionRate as the form's boxes hold
 * them (a blank id or rate means "leave as it is", the rate typed as text).
 */
export const backfillForm = z.object({
  chSubMchid: blankAsAbsent(chSubMchidSchema),
  status: subMerchantStatusSchema,
  commissionRate: blankAsAbsent(z.string().trim().pipe(z.coerce.number()).pipe(commissionRateSchema)),
});
