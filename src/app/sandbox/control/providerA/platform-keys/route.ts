import { z } from 'zod';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import {
  describePlatformState,
  loadPlatformState,
  PLATFORM_MODES,
  setPlatformMode,
} from '@/sandbox/providerA/pay/handler';
import { sandboxKeys } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

const modeSchema = z.object({ mode: z.enum(PLATFORM_MODES) }).strict();

/**
 * The WeChat Pay merchant's platform-key mode in the platform's sandbox (docs/upstream/providerA.md A.9):
 * `public_key`, `certificate` or `both` (a migration), and its certificates (serials and validity only).
 * Answers are signed with the matching key and serial from the next request on.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('payments', async (_request, { sandbox, platformId }) => {
    const keys = (await sandboxKeys(platformId)).providerAPay;
    return json(describePlatformState(await loadPlatformState(sandbox.store, keys), keys, new Date()));
  }),
  PUT: withSandboxControl('payments', async (request, { sandbox, platformId }) => {
    const { mode } = await parseJsonBody(request, modeSchema);
    const keys = (await sandboxKeys(platformId)).providerAPay;
    const now = new Date();
    return json(describePlatformState(await setPlatformMode(sandbox.store, keys, mode, now), keys, now));
  }),
});
