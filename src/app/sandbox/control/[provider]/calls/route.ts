import { defineRoute, json } from '@/server/http/define-route';
import { AppError } from '@/server/errors';
import { countProviderACalls } from '@/sandbox/call-ledger';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';

export const dynamic = 'force-dynamic';

/**
 * What the platform's sandbox received of the calls that change a mini program upstream (commit, audit submit,
 * release, gray release, rollback), counted per authorizer and path; `?appId=` narrows to one authorizer.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('miniprogram', async (request, { params, sandbox }) => {
    if (parseSandboxProvider(params.provider!) !== 'providerA')
      throw new AppError('invalid_request', 'The call ledger is kept for providerA (WeChat) only.');
    const appId = new URL(request.url).searchParams.get('appId') ?? undefined;
    if (appId !== undefined && (appId.length === 0 || appId.length > 64))
      throw new AppError('invalid_request', 'appId must be 1–64 characters.');
    return json({ object: 'list', data: await countProviderACalls(sandbox.store, appId) });
  }),
});
