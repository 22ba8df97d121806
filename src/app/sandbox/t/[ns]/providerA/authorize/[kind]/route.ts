import { localeOfRequest } from '@/i18n/request-locale';
import { grantInNamespace } from '@/sandbox/control/mini-program-control';
import { readAuthUrl, renderAuthorizePage } from '@/sandbox/providerA/component';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The page WeChat's authUrl / mobileAuthUrl opens, in the sandbox: the seller presses Authorize, in
 * the seller pages' language. */
export const GET = sandboxRoute(async (request) => {
  const link = readAuthUrl(request.url);
  const html = renderAuthorizePage({
    preAuthCode: link.preAuthCode,
    redirectUri: link.redirectUri,
    componentAppId: link.componentAppId,
    formAction: request.url,
    locale: localeOfRequest(request),
  });
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});

export const POST = sandboxRoute(async (request, sandbox) => {
  const form = new URLSearchParams(await request.text());
  const granted = await grantInNamespace(sandbox, 'providerA', {
    authUrl: request.url,
    appId: form.get('appid') || undefined,
    nickname: form.get('nickname') || undefined,
  });
  return new Response(null, { status: 302, headers: { location: granted.redirectUrl } });
});
