/**
 * Authenticates a sandbox control call (docs/product/decisions.md §7: the sandbox is a per-platform test mode) and hands the
 * handler that platform's sandbox namespace, so it can see and move nothing else:
 * - an API key of the platform (Bearer, with the /v1 key check and rate limit; no X-Service-Code). The key must
 *   carry the area's service (`payments` for applications, `miniprogram` for authorizations, audits, tokens and
 *   the ticket); faults take either. An X-Platform-Id naming another platform is a 404;
 * - or a console session of an operator (or admin) of the platform named in X-Platform-Id (an operator may
 *   belong to several); a mutation must also pass the cross-site guard. A session whose one-time password
 *   must still change is 403 `password_change_required`, as on every other surface.
 * Outside sandbox mode the path does not exist (404) whoever asks. No credential 401; another platform 404.
 */
import { hasRole } from '@/server/auth/roles';
import { getDb } from '@/server/db';
import { AppError, notFound } from '@/server/errors';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { PlatformContext } from '@/server/services/context';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { passwordChangeRequired, passwordMustChange } from '@/server/services/operators/password-must-change';
import { platformSandboxWithKeys, sandboxContext, type NamespacedSandbox } from '@/sandbox/sandbox-context';
import { crossOriginProblem, crossSiteProblem } from '@/server/http/cross-site-guard';
import type { RouteContext, RouteHandler } from '@/server/http/define-route';
import { readRouteParams } from '@/server/http/route-params';
import { authenticate } from '@/server/http/with-api-key';
import { sessionOperatorId } from '@/server/http/with-platform-access';

export type SandboxControlArea = ServiceCode | 'any';
export type SandboxControlContext = PlatformContext & { params: Record<string, string>; sandbox: NamespacedSandbox };
type SandboxControlHandler = (request: Request, ctx: SandboxControlContext) => Promise<Response>;

export function withSandboxControl(area: SandboxControlArea, handler: SandboxControlHandler): RouteHandler {
  return async (request: Request, route: RouteContext) => {
    sandboxContext();
    const params = await readRouteParams(route);
    const db = await getDb();
    const named = request.headers.get('x-platform-id');
    if (request.headers.has('authorization')) {
      const key = await authenticate(request, db);
      if (named !== null && named !== key.platformId) throw notFound('Platform');
      if (area !== 'any' && !key.services.includes(area))
        throw new AppError('forbidden', `This API key is not allowed to use the ${area} service.`);
      return handler(request, {
        db,
        platformId: key.platformId,
        actor: `apikey:${key.id}`,
        params,
        sandbox: await platformSandboxWithKeys(key.platformId),
      });
    }
    const operatorId = await sessionOperatorId(request);
    if (!operatorId) {
      throw new AppError(
        'unauthenticated',
        'Send an API key of your platform as "Authorization: Bearer sk_…", or sign in to the console and name the platform in X-Platform-Id.',
      );
    }
    if (!named) throw new AppError('invalid_request', 'Name the platform in the X-Platform-Id header.');
    if (request.method !== 'GET') {
      // A DELETE carries no body, and no page of another site can send one without a CORS preflight (never
      // granted): the origin checks suffice. Other mutations must also be JSON (cross-site-guard.ts).
      const problem = request.method === 'DELETE' ? crossOriginProblem(request) : crossSiteProblem(request);
      if (problem) throw problem;
    }
    const membership = (await listOperatorPlatforms({ db, actor: `operator:${operatorId}` }, { operatorId })).find(
      (m) => m.platformId === named,
    );
    if (!membership) throw notFound('Platform');
    if (await passwordMustChange({ db, actor: `operator:${operatorId}` }, { operatorId }))
      throw passwordChangeRequired();
    if (!hasRole(membership.role, 'operator'))
      throw new AppError(
        'forbidden',
        `The sandbox needs the operator role on the platform; you are ${membership.role}.`,
      );
    return handler(request, {
      db,
      platformId: named,
      actor: `operator:${operatorId}`,
      params,
      sandbox: await platformSandboxWithKeys(named),
    });
  };
}
