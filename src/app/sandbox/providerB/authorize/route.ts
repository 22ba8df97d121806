import { loadProviderBSandboxKeys } from '@/sandbox/providerB/keys';
import { deliverAlipayMessage } from '@/sandbox/mini-program-pushes';
import { grantAppAuthorization, grantInputFromAuthorizeForm, renderAuthorizePage } from '@/sandbox/providerB/mini';
import { parseAppAuthUrl } from '@/server/providers/providerB';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The page Alipay's authorization link opens, in the sandbox: the merchant presses Authorize. */
export const GET = sandboxRoute(async (request) => {
  const link = parseAppAuthUrl(request.url);
  const html = renderAuthorizePage({ appId: link.isvAppId, redirectUri: link.redirectUri, state: link.state, action: request.url });
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});

export const POST = sandboxRoute(async (request, ctx) => {
  const granted = await grantAppAuthorization(ctx.store, grantInputFromAuthorizeForm(new URLSearchParams(await request.text())), { keys: loadProviderBSandboxKeys() });
  if (granted.notification) await deliverAlipayMessage(granted.notification);
  return new Response(null, { status: 302, headers: { location: granted.redirectUrl } });
});
