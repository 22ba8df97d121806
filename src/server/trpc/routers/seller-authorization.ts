import { z } from 'zod';
import { authorizeBody } from '@/schemas/mini-program-requests';
import { listAuthorizerAudits } from '@/server/services/mini-programs/list-authorizer-audits';
import { startAuthorizationWithSellerPage } from '@/server/services/mini-programs/start-authorization-with-seller-page';
import { platformProcedure, platformRequest, router } from '../init';
import { providerSchema } from '@/domain/providers';

/**
 * The console's side of the seller authorization page, and the audit history the pipeline view follows. The
 * seller page itself is public and server-rendered: it reads its service directly, not through tRPC.
 */
export const sellerAuthorizationRouter = router({
  startAuthorizationWithSellerPage: platformProcedure('operator')
    .input(platformRequest(authorizeBody))
    .mutation(({ ctx, input }) =>
      startAuthorizationWithSellerPage(ctx, {
        platform: input.platform,
        redirectUri: input.redirectUri,
        tenantId: input.tenantId,
      }),
    ),
  authorizerAudits: platformProcedure('viewer')
    .input(
      z.object({
        platform: providerSchema,
        appId: z.string().min(1).max(64),
        limit: z.number().int().min(1).max(50).optional(),
      }),
    )
    .query(({ ctx, input }) =>
      listAuthorizerAudits(ctx, { provider: input.platform, appId: input.appId, limit: input.limit }),
    ),
});
