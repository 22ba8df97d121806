import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { bearerTokenMatches } from '@/server/http/bearer-token';
import { defineRoute } from '@/server/http/define-route';
import { exposition } from '@/server/metrics/exposition';

export const dynamic = 'force-dynamic';

/**
 * Prometheus scrape endpoint (docs/operations.md "Metrics"). Closed unless METRICS_TOKEN is set, and then only
 * for that bearer token: the numbers describe every platform's traffic, so they are not for platforms' keys.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request) => {
    const expected = getEnv().METRICS_TOKEN;
    if (!expected) throw new AppError('not_found', 'Metrics are not enabled on this server (set METRICS_TOKEN).');
    if (!bearerTokenMatches(request, expected))
      throw new AppError('unauthenticated', 'Send Authorization: Bearer <METRICS_TOKEN>.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    const { body, contentType } = await exposition();
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
