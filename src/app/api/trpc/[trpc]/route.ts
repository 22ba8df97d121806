import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { currentOperatorId } from '@/server/auth/current-operator';
import { boundedRequest, refuseDeclaredOversize } from '@/server/http/bounded-request';
import { consoleRateLimitKey, enforceConsoleRateLimit } from '@/server/http/console-rate-limit';
import { crossSiteProblem } from '@/server/http/cross-site-guard';
import { clientAddress } from '@/server/http/trusted-proxy';
import { toAppError } from '@/server/http/problem';
import { withHeaders } from '@/server/http/with-headers';
import { trpcBatchSize } from '@/server/trpc/batch-size';
import { trpcRefusal } from '@/server/trpc/trpc-refusal';
import { newRequestId, requestContext } from '@/server/request-context';
import { appRouter } from '@/server/trpc/app-router';
import { createContext } from '@/server/trpc/init';
import { browserTimeZoneFromCookies } from '@/i18n/browser-time-zone';
import { observeRequest } from '@/server/metrics/registry';

export const dynamic = 'force-dynamic';

/** Cheapest refusals first: nothing is read, decoded or run for a request that breaks a limit. */
const handler = async (request: Request) => {
  const started = performance.now();
  const response = await answer(request);
  observeRequest(
    'trpc',
    procedureLabel(request),
    request.method,
    response.status,
    (performance.now() - started) / 1000,
  );
  return response;
};

/** One procedure's name (only names the router knows, so the label set stays bounded), or `{batch}`. */
function procedureLabel(request: Request): string {
  const names = new URL(request.url).pathname.slice('/api/trpc/'.length).split(',');
  if (names.length > 1) return '/api/trpc/{batch}';
  return Object.hasOwn(appRouter._def.procedures, names[0]!) ? `/api/trpc/${names[0]}` : '/api/trpc/{unknown}';
}

const answer = (request: Request) => {
  const requestId = newRequestId();
  return requestContext.run({ requestId }, async () => {
    try {
      refuseDeclaredOversize(request);
      // Queries are GETs without side effects; every POST (mutations, batched or not) must come from the console.
      const refusal = request.method === 'POST' ? crossSiteProblem(request) : null;
      if (refusal) throw refusal;
      const procedures = trpcBatchSize(request);
      const operatorId = await currentOperatorId();
      const rateLimitHeaders = enforceConsoleRateLimit(consoleRateLimitKey(operatorId, request), procedures);
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        req: await boundedRequest(request),
        router: appRouter,
        createContext: async () =>
          createContext(
            operatorId,
            requestId,
            clientAddress(request),
            browserTimeZoneFromCookies(request.headers.get('cookie')),
          ),
      });
      return withHeaders(response, rateLimitHeaders);
    } catch (error) {
      return trpcRefusal(toAppError(error), requestId);
    }
  });
};

export { handler as GET, handler as POST };
