import { z } from 'zod';
import { countWaitingOnMerchant } from '@/server/services/sub-merchants/count-waiting-on-merchant';
import { countWorkQueue } from '@/server/services/sub-merchants/count-work-queue';
import { listSubMerchantsForConsole } from '@/server/services/sub-merchants/list-sub-merchants-for-console';
import { listWorkQueue } from '@/server/services/sub-merchants/list-work-queue';
import { assignSubMerchants } from '@/server/services/sub-merchants/assign-sub-merchants';
import { refreshSubMerchantsInBulk } from '@/server/services/sub-merchants/refresh-sub-merchants-in-bulk';
import { consoleListQuery } from '@/schemas/sub-merchant-requests';
import { workQueuePageQuery, workQueueSelection, workQueueView } from '@/schemas/work-queue-requests';
import { refreshSubMerchant } from '@/server/services/sub-merchants/refresh-sub-merchant';
import { platformProcedure, router } from '../init';

const countsInput = workQueueView.omit({ tab: true, sort: true, direction: true });

/** What the console's sub-merchant screens need beyond the /v1 services: the work queue, counts, bulk actions. */
export const subMerchantConsoleRouter = router({
  list: platformProcedure('viewer')
    .input(z.object(consoleListQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listSubMerchantsForConsole(ctx, query);
    }),
  queue: platformProcedure('viewer')
    .input(z.object(workQueuePageQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listWorkQueue(ctx, query);
    }),
  counts: platformProcedure('viewer')
    .input(z.object(countsInput.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...view } = input;
      return countWorkQueue(ctx, view);
    }),
  waiting: platformProcedure('viewer').query(({ ctx }) => countWaitingOnMerchant(ctx)),
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
