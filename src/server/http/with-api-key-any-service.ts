import { AppError } from '@/server/errors';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { RouteHandler } from './define-route';
import { authenticate, withApiKey, type ApiContext } from './with-api-key';

/**
 * A /v1 route shared by the areas (events): `X-Service-Code` names the area the caller acts in, and the key must be
 * allowed that service. Checks run in withApiKey's order: key (401), code (400), service (403).
 */
export function withApiKeyAnyService(
  handler: (request: Request, ctx: ApiContext, area: ServiceCode) => Promise<Response>,
): RouteHandler {
  const payments = withApiKey('payments', (request, ctx) => handler(request, ctx, 'payments'));
  const miniprogram = withApiKey('miniprogram', (request, ctx) => handler(request, ctx, 'miniprogram'));
  return async (request, route) => {
    const code = request.headers.get('x-service-code');
    if (code === 'miniprogram') return miniprogram(request, route);
    // Missing or repeated: withApiKey answers those the same way on every route.
    if (code === null || code === 'payments' || code.includes(',')) return payments(request, route);
    await authenticate(request);
    throw new AppError(
      'service_code_mismatch',
      `X-Service-Code "${code}" is not a service; use payments or miniprogram.`,
    );
  };
}
