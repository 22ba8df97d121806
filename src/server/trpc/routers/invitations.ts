import { acceptInvitationAsNewOperator } from '@/server/services/invitations/accept-invitation-as-new-operator';
import { acceptAsNewOperatorInput } from '@/schemas/invitation-requests';
import { acceptInvitationSignedIn } from '@/server/services/invitations/accept-invitation-signed-in';
import { acceptSignedInInput } from '@/schemas/invitation-requests';
import { operatorProcedure, publicProcedure, router } from '../init';

/**
 * The public accept page's two ways in: a new account (the link is enough, the person picks their password),
 * or the signed-in account the invitation's e-mail belongs to (the page signs them in with its password first).
 */
export const invitationsRouter = router({
  acceptAsNewOperator: publicProcedure
    .input(acceptAsNewOperatorInput)
    .mutation(({ ctx, input }) => acceptInvitationAsNewOperator({ db: ctx.db, actor: 'invitation' }, input)),
  accept: operatorProcedure
    .input(acceptSignedInInput)
    .mutation(({ ctx, input }) =>
      acceptInvitationSignedIn(
        { db: ctx.db, actor: `operator:${ctx.operatorId}` },
        { ...input, operatorId: ctx.operatorId },
      ),
    ),
});
