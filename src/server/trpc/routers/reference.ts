import { z } from 'zod';
import { lookupReference, referenceFilters, referenceKinds } from '@/server/services/reference/lookup-reference';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

/** The console's pickers read the same reference look-ups as GET /v1/payments/reference/{kind}. */
export const referenceRouter = router({
  lookup: platformProcedure('viewer')
    .input(platformRequest(referenceFilters, { kind: z.enum(referenceKinds) }))
    .query(({ ctx, input }) => {
      const { kind, ...filters } = withoutPlatformId(input);
      return lookupReference(ctx, { kind, filters });
    }),
});
