import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { describeProviderBSigningMode, switchProviderBSigningMode } from '@/sandbox/control/provider-b-signing-mode';
import { providerBSigningModeSchema } from '@/sandbox/providerB/signing-mode';

export const dynamic = 'force-dynamic';

/**
 * The Alipay sandbox's signing mode for the calling platform: `public_key` (default) or `certificate`, with the
 * certificate files and their serials. Switching takes effect on the next gateway request.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('any', async (_request, { sandbox }) => json(await describeProviderBSigningMode(sandbox))),
  PUT: withSandboxControl('any', async (request, { sandbox }) => {
    const { mode } = await parseJsonBody(request, providerBSigningModeSchema);
    return json(await switchProviderBSigningMode(sandbox, mode));
  }),
});
