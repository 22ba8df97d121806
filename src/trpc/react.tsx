'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createTRPCReact } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/trpc/app-router';
import { TRPC_MAX_BATCH_SIZE } from '@/schemas/trpc-batch-limit';
import { makeQueryClient } from './query-client';

export const api = createTRPCReact<AppRouter>();

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [client] = useState(() =>
    api.createClient({ links: [httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH_SIZE })] }),
  );
  return (
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </api.Provider>
  );
}

/** What each procedure returns / accepts, for typing a screen's rows and forms. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
