import { requestPasswordReset } from '@/server/services/accounts/request-password-reset';
import { resetPassword } from '@/server/services/accounts/reset-password';
import { requestPasswordResetInput, resetPasswordInput } from '@/schemas/password-reset-requests';
import { publicProcedure, router } from '../init';

/** "Forgot password?" on the sign-in page, and the mailed link's new-password form: both public. */
export const passwordResetRouter = router({
  request: publicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) =>
      requestPasswordReset(
        { db: ctx.db, actor: 'password-reset' },
        { ...input, clientAddress: ctx.clientAddress ?? null },
      ),
    ),
  complete: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword({ db: ctx.db, actor: 'password-reset' }, input)),
});
