import { localeOfRequest } from '@/i18n/request-locale';
import { grantInNamespace } from '@/sandbox/control/mini-program-control';
import { grantInputFromAuthorizeForm, renderAuthorizePage } from '@/sandbox/providerB/mini';
import { parseAppAuthUrl } from '@/protocols/providerB/mini/auth-url';
import { readProtocolInput } from '@/sandbox/protocol-input';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The page Alipay's authorization link opens, in the sandbox: the merchant presses Authorize, in
 * the seller pages' language. */
export const GET = sandboxRoute(async (request) => {
  const link = readProtocolInput(() => parseAppAuthUrl(request.url));
  const html = renderAuthorizePage({
    appId: link.isvAppId,
    redirectUri: link.redirectUri,
    state: link.state,
    action: request.url,
    locale: localeOfRequest(request),
  });
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});

export const POST = sandboxRoute(async (request, sandbox) => {
  const granted = await grantInNamespace(
    sandbox,
    'providerB',
    grantInputFromAuthorizeForm(new URLSearchParams(await request.text())),
  );
  return new Response(null, { status: 302, headers: { location: granted.redirectUrl } });
});
