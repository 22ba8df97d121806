import { z } from 'zod';
import {
  createSubMerchantBody,
  saveDraftInput,
  submitInput,
  updateSubMerchantBody,
} from '@/schemas/sub-merchant-requests';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { getSubMerchant } from '@/server/services/sub-merchants/get-sub-merchant';
import { listSubMerchantHistory } from '@/server/services/sub-merchants/list-sub-merchant-history';
import { submitSubMerchant } from '@/server/services/sub-merchants/submit-sub-merchant';
import { updateSubMerchant } from '@/server/services/sub-merchants/update-sub-merchant';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

const byId = z.object({ id: z.string().min(1).max(64) });

/** The console's access to the same services as /v1/payments. */
export const subMerchantsRouter = router({
  get: platformProcedure('viewer')
    .input(byId)
    .query(({ ctx, input }) => getSubMerchant(ctx, { id: input.id })),
  history: platformProcedure('viewer')
    .input(byId)
    .query(({ ctx, input }) => listSubMerchantHistory(ctx, { id: input.id })),
  create: platformProcedure('operator')
    .input(platformRequest(createSubMerchantBody))
    .mutation(({ ctx, input }) => {
      return createSubMerchant(ctx, withoutPlatformId(input));
    }),
  saveDraft: platformProcedure('operator')
    .input(platformRequest(saveDraftInput))
    .mutation(({ ctx, input }) =>
      updateSubMerchant(ctx, {
        id: input.id,
        body: { formData: input.formData ?? {} },
        expectedUpdatedAt: input.expectedUpdatedAt,
      }),
    ),
  submit: platformProcedure('operator')
    .input(platformRequest(submitInput))
    .mutation(({ ctx, input }) => submitSubMerchant(ctx, { id: input.id, patch: input.formData })),
  update: platformProcedure('admin')
    .input(byId.extend({ patch: updateSubMerchantBody }))
    .mutation(({ ctx, input }) => updateSubMerchant(ctx, { id: input.id, body: input.patch })),
});
