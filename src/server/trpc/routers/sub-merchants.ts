import { z } from 'zod';
import { createSubMerchantBody, submitSubMerchantBody, updateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { getSubMerchant } from '@/server/services/sub-merchants/get-sub-merchant';
import { listSubMerchantHistory } from '@/server/services/sub-merchants/list-sub-merchant-history';
import { listSubMerchants, listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';
import { submitSubMerchant } from '@/server/services/sub-merchants/submit-sub-merchant';
import { updateSubMerchant } from '@/server/services/sub-merchants/update-sub-merchant';
import { platformProcedure, router } from '../init';

const byId = z.object({ id: z.string().min(1).max(64) });

/** The console's access to the same services as /v1/payments. */
export const subMerchantsRouter = router({
  list: platformProcedure('viewer')
    .input(z.object(listSubMerchantsQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listSubMerchants(ctx, query);
    }),
  get: platformProcedure('viewer')
    .input(byId)
    .query(({ ctx, input }) => getSubMerchant(ctx, { id: input.id })),
  history: platformProcedure('viewer')
    .input(byId)
    .query(({ ctx, input }) => listSubMerchantHistory(ctx, { id: input.id })),
  create: platformProcedure('operator')
    .input(z.object(createSubMerchantBody.shape))
    .mutation(({ ctx, input }) => {
      const { platformId: _platformId, ...body } = input;
      return createSubMerchant(ctx, body);
    }),
  saveDraft: platformProcedure('operator')
    .input(
      byId.extend({
        formData: submitSubMerchantBody.shape.formData,
        /** The record's `updatedAt` the wizard last saw: a save made elsewhere since then answers CONFLICT. */
        expectedUpdatedAt: z.iso.datetime().optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      updateSubMerchant(ctx, {
        id: input.id,
        body: { formData: input.formData ?? {} },
        expectedUpdatedAt: input.expectedUpdatedAt,
      }),
    ),
  submit: platformProcedure('operator')
    .input(byId.extend({ formData: submitSubMerchantBody.shape.formData }))
    .mutation(({ ctx, input }) => submitSubMerchant(ctx, { id: input.id, patch: input.formData })),
  update: platformProcedure('admin')
    .input(byId.extend({ patch: updateSubMerchantBody }))
    .mutation(({ ctx, input }) => updateSubMerchant(ctx, { id: input.id, body: input.patch })),
});
