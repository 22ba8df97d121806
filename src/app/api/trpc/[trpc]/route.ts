import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { currentOperatorId } from '@/server/auth/current-operator';
import { crossSiteProblem } from '@/server/http/cross-site-guard';
import { trpcRefusal } from '@/server/trpc/trpc-refusal';
import { newRequestId, requestContext } from '@/server/request-context';
import { appRouter } from '@/server/trpc/app-router';
import { createContext } from '@/server/trpc/init';

export const dynamic = 'force-dynamic';

const handler = (request: Request) => {
  const requestId = newRequestId();
  // Queries are GETs without side effects; every POST (mutations, batched or not) must come from the console.
  const refusal = request.method === 'POST' ? crossSiteProblem(request) : null;
  if (refusal) return trpcRefusal(refusal, requestId);
  return requestContext.run({ requestId }, () =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: request,
      router: appRouter,
      createContext: async () => createContext(await currentOperatorId(), requestId),
    }),
  );
};

export { handler as GET, handler as POST };
