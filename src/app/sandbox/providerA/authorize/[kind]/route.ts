import { buildPush, createProviderAComponentSandboxConfig, grantAuthorization, readAuthUrl, renderAuthorizePage } from '@/sandbox/providerA/component';
import { deliverComponentPush } from '@/sandbox/mini-program-pushes';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The page WeChat's authUrl / mobileAuthUrl opens, in the sandbox: the seller presses Authorize. */
export const GET = sandboxRoute(async (request) => {
  const link = readAuthUrl(request.url);
  const html = renderAuthorizePage({ preAuthCode: link.preAuthCode, redirectUri: link.redirectUri, componentAppId: link.componentAppId, formAction: request.url });
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});

export const POST = sandboxRoute(async (request, ctx) => {
  const form = new URLSearchParams(await request.text());
  const config = createProviderAComponentSandboxConfig();
  const granted = await grantAuthorization(ctx.store, { authUrl: request.url, appId: form.get('appid') || undefined, nickname: form.get('nickname') || undefined }, { config });
  await deliverComponentPush(buildPush(config, granted.event));
  return new Response(null, { status: 302, headers: { location: granted.redirectUrl } });
});
