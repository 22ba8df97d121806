/**
 * Authenticates a /v1 route: bearer API key (401), then X-Service-Code (400 required / 400 mismatch), then the
 * key's scope (403); the key's rate limit (429) is checked right after authentication. The handler receives the
 * platform context; it never sees the key itself.
 */
import { getDb, openedDb, type Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { authenticateApiKey, recentlyAuthenticatedKey } from '@/server/services/api-keys/authenticate-api-key';
import type { AuthenticatedKey } from '@/server/services/api-keys/authenticated-key-cache';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { PlatformContext } from '@/server/services/context';
import { addResponseHeaders } from '@/server/request-context';
import { enforceApiRateLimit } from './api-rate-limit';
import { withIdempotency } from './idempotency';
import type { RouteContext, RouteHandler } from './define-route';
import { readRouteParams } from './route-params';

export type ApiContext = PlatformContext & { apiKey: AuthenticatedKey; params: Record<string, string> };
export type ApiHandler = (request: Request, ctx: ApiContext) => Promise<Response>;

export function withApiKey(service: ServiceCode, handler: ApiHandler): RouteHandler {
  return async (request: Request, route: RouteContext) => {
    // A polling integrator's request usually finds the database open and its key seen seconds ago; answering those
    // without an await saves promises, and under Next.js each promise costs async-hook work (docs/benchmarks.md).
    const db = openedDb() ?? (await getDb());
    const apiKey = recentKey(request) ?? (await authenticate(request, db));
    const code = request.headers.get('x-service-code');
    if (!code) throw new AppError('service_code_required', 'Send the X-Service-Code header (payments or miniprogram).');
    if (code.includes(',')) throw new AppError('invalid_request', 'Send X-Service-Code once.');
    if (code !== service) {
      throw new AppError(
        'service_code_mismatch',
        `X-Service-Code "${code}" does not match this endpoint; it expects "${service}".`,
      );
    }
    if (!apiKey.services.includes(service)) {
      throw new AppError('forbidden', `This API key is not allowed to use the ${service} service.`);
    }
    const params = await readRouteParams(route);
    const ctx = { db, platformId: apiKey.platformId, actor: `apikey:${apiKey.id}`, apiKey, params };
    if (request.method === 'POST') return withIdempotency(request, db, ctx.platformId, (r) => handler(r, ctx));
    return handler(request, ctx);
  };
}

export async function authenticate(request: Request, db?: Db): Promise<AuthenticatedKey> {
  const presented = bearerKey(request);
  if (!presented) throw new AppError('unauthenticated', 'Send your API key as "Authorization: Bearer sk_…".');
  const key = await authenticateApiKey({ db: db ?? (await getDb()), actor: 'anonymous' }, { presented });
  if (!key) throw new AppError('unauthenticated', 'The API key is invalid or has been revoked.');
  return admitted(key);
}

/** `authenticate` for a key seen in the last few seconds, without a promise; undefined: call `authenticate`. */
function recentKey(request: Request): AuthenticatedKey | undefined {
  const presented = bearerKey(request);
  const key = presented ? recentlyAuthenticatedKey(presented) : undefined;
  return key && admitted(key);
}

/** The presented key; 400 for two Authorization headers (joined with ", " by Node and by Headers). */
function bearerKey(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (header === null) return undefined;
  if (header.includes(',')) throw new AppError('invalid_request', 'Send the Authorization header once.');
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/** Every authenticated request spends a token of its key's rate limit (429 when none is left). */
function admitted(key: AuthenticatedKey): AuthenticatedKey {
  addResponseHeaders(enforceApiRateLimit(key.id));
  return key;
}
