import { defineRoute, json } from '@/server/http/define-route';
import { AppError } from '@/server/errors';
import { countUpstreamCalls } from '@/sandbox/call-ledger';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';

export const dynamic = 'force-dynamic';

/**
 * What the platform's sandbox received of the calls that change a mini program upstream (commit or upload,
 * audit submit, release, gray release, rollback, audit withdrawal, offline), counted per authorizer and API
 * (WeChat's path, Alipay's method name); `?appId=` narrows to one authorizer.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('miniprogram', async (request, { params, sandbox }) => {
    const provider = parseSandboxProvider(params.provider!);
    const appId = new URL(request.url).searchParams.get('appId') ?? undefined;
    if (appId !== undefined && (appId.length === 0 || appId.length > 64))
      throw new AppError('invalid_request', 'appId must be 1–64 characters.');
    return json({ object: 'list', data: await countUpstreamCalls(sandbox.store, provider, appId) });
  }),
});
