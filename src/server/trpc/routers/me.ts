import { z } from 'zod';
import { locales } from '@/i18n/locales';
import { getOperator } from '@/server/services/operators/get-operator';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { changeOperatorPassword } from '@/server/services/operators/change-operator-password';
import { changePasswordInput, setTimeZoneInput } from '@/schemas/operator-requests';
import { setOperatorLocale } from '@/server/services/operators/set-operator-locale';
import { setOperatorTimeZone } from '@/server/services/operators/set-operator-time-zone';
import { operatorProcedure, passwordChangeProcedure, router } from '../init';

export const meRouter = router({
  get: passwordChangeProcedure.query(async ({ ctx }) => {
    const serviceCtx = { db: ctx.db, actor: `operator:${ctx.operatorId}` };
    const [operator, platforms] = await Promise.all([
      getOperator(serviceCtx, { operatorId: ctx.operatorId, browserTimeZone: ctx.browserTimeZone }),
      listOperatorPlatforms(serviceCtx, { operatorId: ctx.operatorId }),
    ]);
    return { operator, platforms };
  }),
  setLocale: operatorProcedure
    .input(z.object({ locale: z.enum(locales) }))
    .mutation(({ ctx, input }) =>
      setOperatorLocale(
        { db: ctx.db, actor: `operator:${ctx.operatorId}` },
        { operatorId: ctx.operatorId, locale: input.locale },
      ),
    ),
  /** The zone every console time is shown in; null returns to the language's default. */
  setTimeZone: operatorProcedure
    .input(setTimeZoneInput)
    .mutation(({ ctx, input }) =>
      setOperatorTimeZone(
        { db: ctx.db, actor: `operator:${ctx.operatorId}` },
        { operatorId: ctx.operatorId, timeZone: input.timeZone },
      ),
    ),
  /** The signed-in operator's own password; the current one must verify. Allowed while it must change. */
  changePassword: passwordChangeProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changeOperatorPassword(
      { db: ctx.db, actor: `operator:${ctx.operatorId}` },
      { ...input, operatorId: ctx.operatorId },
    );
    return { changed: true as const };
  }),
});
