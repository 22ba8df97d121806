import { z } from 'zod';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { actionReason } from '@/schemas/action-reason';
import { createApiKeyInput } from '@/schemas/platform-requests';
import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { platformProcedure, router } from '../init';

export const apiKeysRouter = router({
  list: platformProcedure('admin').query(({ ctx }) => listApiKeys(ctx)),
  create: platformProcedure('admin')
    .input(createApiKeyInput)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: platformProcedure('admin')
    .input(z.object({ keyId: z.string().min(1).max(64), reason: actionReason }))
    .mutation(({ ctx, input }) => revokeApiKey(ctx, { keyId: input.keyId, reason: input.reason })),
});
