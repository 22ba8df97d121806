import { z } from 'zod';
import { countWorkQueue } from '@/server/services/sub-merchants/count-work-queue';
import { listWorkQueue } from '@/server/services/sub-merchants/list-work-queue';
import { assignSubMerchants } from '@/server/services/sub-merchants/assign-sub-merchants';
import { refreshSubMerchantsInBulk } from '@/server/services/sub-merchants/refresh-sub-merchants-in-bulk';
import { workQueuePageQuery, workQueueSelection, workQueueView } from '@/schemas/work-queue-requests';
import { refreshSubMerchant } from '@/server/services/sub-merchants/refresh-sub-merchant';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

const countsInput = workQueueView.omit({ tab: true, sort: true, direction: true });

/** What the console's sub-merchant screens need beyond the /v1 services: the work queue, counts, bulk actions. */
export const subMerchantConsoleRouter = router({
  queue: platformProcedure('viewer')
    .input(platformRequest(workQueuePageQuery))
    .query(({ ctx, input }) => {
      return listWorkQueue(ctx, withoutPlatformId(input));
    }),
  counts: platformProcedure('viewer')
    .input(platformRequest(countsInput))
    .query(({ ctx, input }) => {
      return countWorkQueue(ctx, withoutPlatformId(input));
    }),
  refresh: platformProcedure('operator')
    .input(z.object({ id: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => refreshSubMerchant(ctx, { id: input.id })),
  refreshSelected: platformProcedure('operator')
    .input(z.object({ ids: workQueueSelection }))
    .mutation(({ ctx, input }) => refreshSubMerchantsInBulk(ctx, { ids: input.ids })),
  assign: platformProcedure('operator')
    .input(z.object({ ids: workQueueSelection, operatorId: z.string().min(1).max(64).nullable() }))
    .mutation(({ ctx, input }) => assignSubMerchants(ctx, { ids: input.ids, operatorId: input.operatorId })),
});
