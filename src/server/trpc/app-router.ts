import { router, strictInputs } from './init';
import { apiKeysRouter } from './routers/api-keys';
import { auditLogRouter } from './routers/audit-log';
import { eventsRouter } from './routers/events';
import { invitationsRouter } from './routers/invitations';
import { meRouter } from './routers/me';
import { passwordResetRouter } from './routers/password-reset';
import { membersRouter } from './routers/members';
import { miniProgramsRouter } from './routers/mini-programs';
import { miniProgramRolloutsRouter } from './routers/mini-program-rollouts';
import { onboardingLinksRouter } from './routers/onboarding-links';
import { subMerchantConsoleRouter } from './routers/sub-merchant-console';
import { platformConfigRouter } from './routers/platform-config';
import { sandboxRouter } from './routers/sandbox';
import { referenceRouter } from './routers/reference';
import { sellerAuthorizationRouter } from './routers/seller-authorization';
import { subMerchantsRouter } from './routers/sub-merchants';
import { upstreamConnectionsRouter } from './routers/upstream-connections';

export const appRouter = strictInputs(
  router({
    me: meRouter,
    apiKeys: apiKeysRouter,
    platformConfig: platformConfigRouter,
    subMerchants: subMerchantsRouter,
    events: eventsRouter,
    miniPrograms: miniProgramsRouter,
    miniProgramRollouts: miniProgramRolloutsRouter,
    members: membersRouter,
    sandbox: sandboxRouter,
    subMerchantConsole: subMerchantConsoleRouter,
    onboardingLinks: onboardingLinksRouter,
    sellerAuthorization: sellerAuthorizationRouter,
    invitations: invitationsRouter,
    passwordReset: passwordResetRouter,
    reference: referenceRouter,
    upstreamConnections: upstreamConnectionsRouter,
    auditLog: auditLogRouter,
  }),
);

export type AppRouter = typeof appRouter;
