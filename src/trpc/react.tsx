'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/trpc/app-router';
import { TRPC_MAX_BATCH_SIZE } from './batch-limit';

export const api = createTRPCReact<AppRouter>();

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 5_000, retry: (count, error) => count < 2 && !('data' in error) } },
      }),
  );
  const [client] = useState(() =>
    api.createClient({ links: [httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH_SIZE })] }),
  );
  return (
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </api.Provider>
  );
}
