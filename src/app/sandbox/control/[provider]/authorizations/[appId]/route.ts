import { defineRoute, json } from '@/server/http/define-route';
import { AppError } from '@/server/errors';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { revokeAsSeller } from '@/sandbox/control/mini-program-control';

export const dynamic = 'force-dynamic';

/**
 * The seller revokes the authorization of one of the platform's mini programs upstream (WeChat pushes it, Alipay
 * refuses its tokens from then on). An app id that is not an authorized mini program of the platform on that
 * provider is a 404, as is a provider other than providerA or providerB (as on every sibling route).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  DELETE: withSandboxControl('miniprogram', async (_request, { params, sandbox }) => {
    const provider = parseSandboxProvider(params.provider!);
    const appId = params.appId!;
    if (appId.length === 0 || appId.length > 64)
      throw new AppError('invalid_request', 'appId must be 1–64 characters.');
    return json(await revokeAsSeller(sandbox, provider, appId));
  }),
});
