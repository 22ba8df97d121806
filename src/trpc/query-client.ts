import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient configuration for the browser (TrpcProvider) and for server prefetching (src/trpc/server.tsx),
 * so a query prefetched on the server is fresh on the client and is not fetched a second time on hydration.
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (count, error) => count < 2 && !(typeof error === 'object' && error !== null && 'data' in error),
      },
      dehydrate: {
        // The browser receives procedure results as JSON over /api/trpc; a server prefetch calls the procedure
        // directly (Dates, undefined). Serialising the same way makes the hydrated data identical to a fetch.
        serializeData: (data: unknown) => (data === undefined ? data : JSON.parse(JSON.stringify(data))),
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}
