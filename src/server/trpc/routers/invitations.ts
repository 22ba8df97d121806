import { acceptInvitationSignedIn } from '@/server/services/invitations/accept-invitation-signed-in';
import { completeInvitationSignUp } from '@/server/services/invitations/complete-invitation-sign-up';
import { requestInvitationSignUp } from '@/server/services/invitations/request-invitation-sign-up';
import { acceptSignedInInput, completeSignUpInput, requestSignUpMailInput } from '@/schemas/invitation-requests';
import { operatorProcedure, publicProcedure, router } from '../init';

/**
 * The public accept page's two ways in: no account yet (the link only mails the invited address; the account
 * is created from the mailed sign-up link, proof of the mailbox), or the signed-in account the invitation's
 * e-mail belongs to (the page signs them in with its password first).
 */
export const invitationsRouter = router({
  requestSignUpMail: publicProcedure
    .input(requestSignUpMailInput)
    .mutation(({ ctx, input }) =>
      requestInvitationSignUp(
        { db: ctx.db, actor: 'invitation' },
        { ...input, clientAddress: ctx.clientAddress ?? null },
      ),
    ),
  completeSignUp: publicProcedure
    .input(completeSignUpInput)
    .mutation(({ ctx, input }) => completeInvitationSignUp({ db: ctx.db, actor: 'invitation' }, input)),
  accept: operatorProcedure
    .input(acceptSignedInInput)
    .mutation(({ ctx, input }) =>
      acceptInvitationSignedIn(
        { db: ctx.db, actor: `operator:${ctx.operatorId}` },
        { ...input, operatorId: ctx.operatorId },
      ),
    ),
});
