import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/auth-options';
import { AppError } from '@/server/errors';
import { currentOperatorId } from '@/server/auth/current-operator';
import { boundedRequest, refuseDeclaredOversize } from '@/server/http/bounded-request';
import { consoleRateLimitKey, enforceConsoleRateLimit } from '@/server/http/console-rate-limit';
import { problemResponse, toAppError } from '@/server/http/problem';
import { withHeaders } from '@/server/http/with-headers';
import { newRequestId, requestContext } from '@/server/request-context';

export const dynamic = 'force-dynamic';

// Options are built per request so `next build` never needs the runtime secrets. next-auth parses whole bodies
// itself: the body limit and the console rate limit come first.
const handler = (request: Request, context: unknown) => {
  const requestId = newRequestId();
  return requestContext.run({ requestId }, async () => {
    try {
      refuseDeclaredOversize(request);
      // The only provider is credentials, whose callback next-auth serves on POST alone (any other method: a 500).
      if (request.method !== 'POST' && /^\/api\/auth\/callback(\/|$)/.test(new URL(request.url).pathname)) {
        throw new AppError('method_not_allowed', 'The sign-in callback takes POST only.');
      }
      const rateLimitHeaders = enforceConsoleRateLimit(consoleRateLimitKey(await currentOperatorId(), request));
      // next-auth's `_log` writes whatever anyone posts at the level they choose: client-side errors are not collected.
      if (/^\/api\/auth\/_log\/?$/.test(new URL(request.url).pathname))
        return withHeaders(new Response(null, { status: 204 }), rateLimitHeaders);
      const bounded = await boundedRequest(request);
      await refuseMalformedJson(bounded);
      const response: Response = await NextAuth(authOptions())(bounded, context);
      return withHeaders(response, rateLimitHeaders);
    } catch (error) {
      const appError = toAppError(error);
      return problemResponse(appError, requestId, appError.code === 'method_not_allowed' ? { Allow: 'POST' } : {});
    }
  });
};

/** next-auth parses a JSON body itself and lets the SyntaxError of a malformed one escape as a 500. */
async function refuseMalformedJson(request: Request) {
  if (request.method !== 'POST' || !request.body || !request.headers.get('content-type')?.includes('application/json'))
    return;
  try {
    await request.clone().json();
  } catch {
    throw new AppError('invalid_request', 'The request body is not valid JSON.');
  }
}

export { handler as GET, handler as POST };
