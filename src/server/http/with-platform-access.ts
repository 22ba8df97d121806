/**
 * Authenticates an /admin route on one platform (the `tenantId` path segment): either an API key of that
 * platform (Bearer), or a console operator session with at least `role` there. No X-Service-Code on /admin.
 * Another platform's key and a non-member operator both get 404, so existence is not leaked; no credentials 401;
 * a session whose one-time password must still change 403 `password_change_required`.
 */
import { currentOperatorId } from '@/server/auth/current-operator';
import { hasRole } from '@/server/auth/roles';
import { getDb } from '@/server/db';
import type { OperatorRole } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { PlatformContext } from '@/server/services/context';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { passwordChangeRequired, passwordMustChange } from '@/server/services/operators/password-must-change';
import { crossOriginProblem, crossSiteReadProblem } from './cross-site-guard';
import type { RouteContext, RouteHandler } from './define-route';
import { readRouteParams } from './route-params';
import { authenticate } from './with-api-key';

export type PlatformAccessContext = PlatformContext & { params: Record<string, string>; via: 'apiKey' | 'session' };
export type PlatformAccessHandler = (request: Request, ctx: PlatformAccessContext) => Promise<Response>;

export type PlatformAccessOptions = {
  /** Least operator role needed (viewer < operator < admin). */
  role: OperatorRole;
  /** API keys must carry this service code. */
  service?: ServiceCode;
  /** Path segment holding the platform id; default `tenantId`. */
  param?: string;
  /** Who is signed in; the default reads the next-auth session. Tests pass their own. */
  operatorId?: (request: Request) => Promise<string | null>;
};

const readOnlyMethods = new Set(['GET', 'HEAD']);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

/** Skips next-auth entirely when the request carries no session cookie (API clients, anonymous calls). */
export async function sessionOperatorId(request: Request): Promise<string | null> {
  if (!SESSION_COOKIE.test(request.headers.get('cookie') ?? '')) return null;
  return currentOperatorId();
}

export function withPlatformAccess(options: PlatformAccessOptions, handler: PlatformAccessHandler): RouteHandler {
  return async (request: Request, route: RouteContext) => {
    const params = await readRouteParams(route);
    const platformId = params[options.param ?? 'tenantId'] ?? '';
    const db = await getDb();
    if (request.headers.has('authorization')) {
      const key = await authenticate(request);
      if (key.platformId !== platformId) throw notFound('Platform');
      if (options.service && !key.services.includes(options.service)) {
        throw new AppError('forbidden', `This API key is not allowed to use the ${options.service} service.`);
      }
      return handler(request, { db, platformId, actor: `apikey:${key.id}`, params, via: 'apiKey' });
    }
    // The cookie goes along with whatever another site makes the browser send: a forged upload, an <img> probe.
    const refusal = readOnlyMethods.has(request.method) ? crossSiteReadProblem(request) : crossOriginProblem(request);
    if (refusal) throw refusal;
    const operatorId = await (options.operatorId ?? sessionOperatorId)(request);
    if (!operatorId) {
      throw new AppError(
        'unauthenticated',
        'Send an API key of this platform as "Authorization: Bearer sk_…", or sign in to the console.',
      );
    }
    const membership = (await listOperatorPlatforms({ db, actor: `operator:${operatorId}` }, { operatorId })).find(
      (m) => m.platformId === platformId,
    );
    if (!membership) throw notFound('Platform');
    if (await passwordMustChange({ db, actor: `operator:${operatorId}` }, { operatorId }))
      throw passwordChangeRequired();
    if (!hasRole(membership.role, options.role)) {
      throw new AppError(
        'forbidden',
        `This needs the ${options.role} role on the platform; you are ${membership.role}.`,
      );
    }
    return handler(request, { db, platformId, actor: `operator:${operatorId}`, params, via: 'session' });
  };
}
