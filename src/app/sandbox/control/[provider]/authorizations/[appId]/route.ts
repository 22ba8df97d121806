import { defineRoute, json } from '@/server/http/define-route';
import { AppError } from '@/server/errors';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { sandboxProviders, type SandboxProvider } from '@/sandbox/control-applyments';
import { revokeAsSeller } from '@/sandbox/control/mini-program-control';

export const dynamic = 'force-dynamic';

/**
 * The seller revokes the authorization of one of the platform's mini programs upstream (WeChat pushes it, Alipay
 * refuses its tokens from then on). An app id that is not an authorized mini program of the platform on that
 * provider is a 404; a provider other than providerA or providerB a 400.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  DELETE: withSandboxControl('miniprogram', async (_request, { params, sandbox }) => {
    const provider = params.provider!;
    if (!(sandboxProviders as readonly string[]).includes(provider))
      throw new AppError('invalid_request', 'provider must be providerA or providerB.');
    const appId = params.appId!;
    if (appId.length === 0 || appId.length > 64)
      throw new AppError('invalid_request', 'appId must be 1–64 characters.');
    return json(await revokeAsSeller(sandbox, provider as SandboxProvider, appId));
  }),
});
