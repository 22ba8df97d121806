import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/auth-options';
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
      const rateLimitHeaders = enforceConsoleRateLimit(consoleRateLimitKey(await currentOperatorId(), request));
      const response: Response = await NextAuth(authOptions())(await boundedRequest(request), context);
      return withHeaders(response, rateLimitHeaders);
    } catch (error) {
      return problemResponse(toAppError(error), requestId);
    }
  });
};

export { handler as GET, handler as POST };
