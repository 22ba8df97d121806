import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { currentOperatorId } from '@/server/auth/current-operator';
import { newRequestId, requestContext } from '@/server/request-context';
import { appRouter } from '@/server/trpc/app-router';
import { createContext } from '@/server/trpc/init';

export const dynamic = 'force-dynamic';

const handler = (request: Request) => {
  const requestId = newRequestId();
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
