import { z } from 'zod';
import { getPlatform } from '@/server/services/platforms/get-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { platformProcedure, router } from '../init';

export const platformConfigRouter = router({
  get: platformProcedure('viewer').query(async ({ ctx }) => (await getPlatform(ctx)).config),
  set: platformProcedure('admin')
    .input(z.object({ key: z.string().min(1).max(100), value: z.union([z.string().max(2000), z.null()]) }))
    .mutation(({ ctx, input }) => setPlatformConfig(ctx, { key: input.key, value: input.value })),
});
