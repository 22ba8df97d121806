import { z } from 'zod';
import { listSubMerchants, listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';
import { platformProcedure, router } from '../init';

export const subMerchantsRouter = router({
  list: platformProcedure('viewer')
    .input(z.object(listSubMerchantsQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listSubMerchants(ctx, query);
    }),
});
