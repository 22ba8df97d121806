import { z } from 'zod';
import { lookupReference, referenceFilters, referenceKinds } from '@/server/services/reference/lookup-reference';
import { platformProcedure, router } from '../init';

/** The console's pickers read the same reference look-ups as GET /v1/payments/reference/{kind}. */
export const referenceRouter = router({
  lookup: platformProcedure('viewer')
    .input(z.object({ kind: z.enum(referenceKinds), ...referenceFilters.shape }))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, kind, ...filters } = input as typeof input & { platformId?: string };
      return lookupReference(ctx, { kind, filters });
    }),
});
