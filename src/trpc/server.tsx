// Server code only (session, database, secrets): a client component that imports this module fails the build.
import 'server-only';
import { createHydrationHelpers } from '@trpc/react-query/rsc';
import { cache } from 'react';
import { currentOperatorId } from '@/server/auth/current-operator';
import { consoleBrowserTimeZone } from '@/server/console-session/console-session';
import { newRequestId } from '@/server/request-context';
import { appRouter, type AppRouter } from '@/server/trpc/app-router';
import { createCallerFactory, createContext } from '@/server/trpc/init';
import { makeQueryClient } from './query-client';

/** One QueryClient per server request (React's cache is per request), shared by every prefetch of the page. */
const getQueryClient = cache(makeQueryClient);

// The context is built per call from the request's session cookie: the same procedures, membership and role
// checks as /api/trpc, only without the HTTP hop.
const caller = createCallerFactory(appRouter)(async () =>
  createContext(await currentOperatorId(), newRequestId(), null, await consoleBrowserTimeZone()),
);

/**
 * The console's one data-loading pattern (docs/console.md): a server page awaits
 * `serverApi.<router>.<procedure>.prefetch(input)` for what the screen needs first, then renders the client screen
 * inside `<HydrateClient>` (inside TrpcProvider); the screen's `api.<…>.useQuery(input)` finds the data already
 * there, renders it in the first HTML, and refetches after mutations like any query.
 */
export const { trpc: serverApi, HydrateClient } = createHydrationHelpers<AppRouter>(caller, getQueryClient);
