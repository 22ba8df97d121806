import type { z } from 'zod';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { appRouter } from '@/server/trpc/app-router';
import { inRequestScope } from './next-request-scope';

type Procedure = { _def: { type: 'query' | 'mutation'; inputs: z.ZodType[] } };

/** Every procedure of the app router (dotted path, kind, input schemas and their top-level fields). */
export const trpcProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).map(
  ([path, p]) => ({
    path,
    type: p._def.type,
    inputs: p._def.inputs,
    fields: [...new Set(p._def.inputs.flatMap((s) => Object.keys((s as unknown as { shape?: object }).shape ?? {})))],
  }),
);
export type TrpcProcedure = (typeof trpcProcedures)[number];

/**
 * Calls a procedure over HTTP through the real /api/trpc route (the test file must `useRequestScope()`):
 * queries as GET with ?input=, mutations as POST with a JSON body, as @trpc/client sends them. `search`
 * replaces the query string (batches), `headers` are appended (duplicates stay duplicates).
 */
export async function callTrpcOverHttp(init: {
  method: 'GET' | 'POST';
  path: string;
  input?: string;
  contentType?: string;
  cookie?: string | null;
  search?: string;
  headers?: [string, string][];
}) {
  const headers = new Headers();
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.contentType) headers.set('content-type', init.contentType);
  for (const [name, value] of init.headers ?? []) headers.append(name, value);
  const query =
    init.search ??
    (init.method === 'GET' && init.input !== undefined ? `?input=${encodeURIComponent(init.input)}` : '');
  const request = new Request(`http://localhost:3000/api/trpc/${init.path}${query}`, {
    method: init.method,
    headers,
    body: init.method === 'POST' ? (init.input ?? '') : undefined,
  });
  const response = await inRequestScope((r: Request) => (r.method === 'GET' ? trpcRoute.GET(r) : trpcRoute.POST(r)))(
    request,
  );
  return { status: response.status, text: await response.text() };
}
