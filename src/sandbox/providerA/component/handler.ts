import { recordUpstreamCall } from '@/sandbox/call-ledger';
import { auditRoutes } from './audit-routes';
import { checkAuthorizerToken, checkComponentToken } from './check-token';
import { codeRoutes } from './code-routes';
import { componentRoutes } from './component-routes';
import { releaseRoutes } from './release-routes';
import { wxError } from './respond';
import type { ProviderAComponentEmulatorContext, Route, RouteContext } from './route-context';

const ROUTES: Record<string, Route> = { ...componentRoutes, ...codeRoutes, ...auditRoutes, ...releaseRoutes };

/** `/sandbox/providerA/open/cgi-bin/component/x` → `/cgi-bin/component/x`: the API path wherever the sandbox is mounted. */
function apiPath(pathname: string): string {
  const at = [pathname.indexOf('/cgi-bin/'), pathname.indexOf('/wxa/')].filter((i) => i >= 0);
  return at.length === 0 ? '' : pathname.slice(Math.min(...at)).replace(/\/+$/, '');
}

/** A POST body must be a JSON object: empty → 44002, anything else unreadable → 47001 (D.12). */
function parseBody(text: string): Record<string, unknown> | number {
  if (text.trim() === '') return 44002;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : 47001;
  } catch {
    return 47001;
  }
}

/**
 * The WeChat third-party-platform and code-management upstream (docs/upstream/providerA.md C, D), for sandbox mode.
 * Every check the upstream makes before acting is made here, in its order: method, token, body, then the
 * operation's own rules; answers are HTTP 200 JSON with errcode/errmsg, except get_qrcode's JPEG.
 */
export async function handleProviderAComponentRequest(
  request: Request,
  context: ProviderAComponentEmulatorContext,
): Promise<Response> {
  const injected = await context.fault?.(request);
  if (injected) return injected;
  const url = new URL(request.url);
  const route = ROUTES[apiPath(url.pathname)];
  if (!route) return wxError(40066);
  if (route.method !== 'ANY' && request.method !== route.method) return wxError(route.method === 'GET' ? 43001 : 43002);

  const now = context.now ?? (() => new Date());
  const nowMs = now().getTime();
  let authorizer: RouteContext['authorizer'];
  if (route.token === 'component') {
    const refused = await checkComponentToken(context.store, url, nowMs);
    if (refused) return refused;
  } else if (route.token === 'authorizer') {
    const checked = await checkAuthorizerToken(context.store, url, nowMs, route.permission);
    if (checked instanceof Response) return checked;
    authorizer = checked;
  }

  const api = apiPath(url.pathname);
  if (authorizer) await recordUpstreamCall(context.store, 'providerA', { appId: authorizer.appId, api, at: nowMs });

  let body: Record<string, unknown> = {};
  if (request.method === 'POST') {
    const text = await request.text();
    const parsed = route.method === 'ANY' && text.trim() === '' ? {} : parseBody(text);
    if (typeof parsed === 'number') return wxError(parsed);
    body = parsed;
  }
  return route.handle({
    store: context.store,
    config: context.config,
    now,
    publicBaseUrl: context.publicBaseUrl.replace(/\/+$/, ''),
    deliverPush: context.deliverPush,
    url,
    body,
    authorizer,
  });
}
