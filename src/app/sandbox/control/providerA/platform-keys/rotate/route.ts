import { defineRoute, json } from '@/server/http/define-route';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { describePlatformState, rotatePlatformCertificate } from '@/sandbox/providerA/pay/handler';
import { sandboxKeys } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/**
 * Rotates the sandbox merchant's platform certificate: a new one (new serial) signs from now on, the previous
 * ones stay listed and valid until they expire. A public-key merchant becomes a certificate one.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('payments', async (_request, { sandbox, platformId }) => {
    const keys = (await sandboxKeys(platformId)).providerAPay;
    const now = new Date();
    return json(describePlatformState(await rotatePlatformCertificate(sandbox.store, keys, now), keys, now));
  }),
});
