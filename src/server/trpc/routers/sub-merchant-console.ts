import { z } from 'zod';
import { countWaitingOnMerchant } from '@/server/services/sub-merchants/count-waiting-on-merchant';
import { listSubMerchantsForConsole } from '@/server/services/sub-merchants/list-sub-merchants-for-console';
import { consoleListQuery } from '@/schemas/sub-merchant-requests';
import { refreshSubMerchant } from '@/server/services/sub-merchants/refresh-sub-merchant';
import { platformProcedure, router } from '../init';

/** What the console's sub-merchant screens need beyond the /v1 services: a filtered list, counts, a refresh. */
export const subMerchantConsoleRouter = router({
  list: platformProcedure('viewer')
    .input(z.object(consoleListQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listSubMerchantsForConsole(ctx, query);
    }),
  waiting: platformProcedure('viewer').query(({ ctx }) => countWaitingOnMerchant(ctx)),
  refresh: platformProcedure('operator')
    .input(z.object({ id: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => refreshSubMerchant(ctx, { id: input.id })),
});
