import { eq } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { operatorProcedure, router } from '../init';

export const meRouter = router({
  get: operatorProcedure.query(async ({ ctx }) => {
    const [operator] = await ctx.db
      .select({ id: operators.id, email: operators.email, name: operators.name, locale: operators.locale })
      .from(operators)
      .where(eq(operators.id, ctx.operatorId));
    return { operator: operator ?? null, platforms: await listOperatorPlatforms(ctx.db, ctx.operatorId) };
  }),
});
