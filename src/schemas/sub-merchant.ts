/** Response shapes of the payments area, for the API reference (the DTO mapper is the source of truth). */
import { z } from 'zod';
import { providerSchema } from '@/domain/providers';
import { applicationStates } from '@/domain/sub-merchant-states';
import { subMerchantStatusSchema } from './sub-merchant-requests';

export const subMerchantSchema = z
  .object({
    id: z.string(),
    object: z.literal('sub_merchant'),
    platformId: z.string(),
    distributorExternalUserId: z
      .string()
      .optional()
      .describe("The seller id in your system; absent for the platform's own record."),
    provider: providerSchema,
    status: subMerchantStatusSchema,
    commissionRate: z.number().describe('Percentage, 0–100, two decimals (0.6 = 0.6%).'),
    chSubMchid: z.string().optional(),
    chApplymentId: z.string().optional(),
    chApplymentState: z.enum(applicationStates).optional(),
    chApplymentStateMsg: z.string().optional(),
    signUrl: z.string().optional(),
    rejectReasons: z.array(z.object({ field: z.string(), reason: z.string() })),
    reviewRequestedAt: z
      .string()
      .optional()
      .describe(
        'When the seller finished the hosted onboarding form and asked for review (policy `payments.seller_submit` = `review`): the record waits for an operator to check and submit it. Absent otherwise; cleared on submit.',
      ),
    formData: z.record(z.string(), z.unknown()).describe('Personal values are masked.'),
    requirements: z.object({ currentlyDue: z.array(z.string()) }),
    lastSyncedAt: z.string().optional(),
    nextSyncAt: z
      .string()
      .optional()
      .describe(
        'When the service next asks the upstream about this application (at most the sync interval after the last check); absent once the state is final or before a submit.',
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: 'SubMerchant',
    example: {
      id: 'sm_3bVx1kPq9ZcWm2YtLr7HaN',
      object: 'sub_merchant',
      platformId: 'plat_8cHq2LmN5pRt7VwX9yZa1B',
      distributorExternalUserId: 'seller-1024',
      provider: 'providerA',
      status: 'pending',
      commissionRate: 0.6,
      rejectReasons: [],
      formData: { merchantShortname: '张三小店', idCardNumber: '**************123X' },
      requirements: { currentlyDue: ['contactName', 'licenseCopy'] },
      createdAt: '2026-11-21T08:00:00.000Z',
      updatedAt: '2026-11-21T08:00:00.000Z',
    },
  });

export const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({ object: z.literal('list'), data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().nullable() })
    .meta({ id });
