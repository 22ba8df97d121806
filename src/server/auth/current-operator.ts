// Server code only (session, database, secrets): a client component that imports this module fails the build.
import 'server-only';
import { getServerSession } from 'next-auth';
import { headers } from 'next/headers';
import { currentRequestId, newRequestId, requestContext } from '@/server/request-context';
import { authOptions } from './auth-options';

/** The signed-in operator's id, or null (also for a cookie that is not a valid session). */
export async function currentOperatorId(): Promise<string | null> {
  if (currentRequestId()) return readSession();
  // Pages render outside a route's request context: what the session check logs carries the id the proxy gave
  // the request (src/proxy.ts), or a fresh one.
  return requestContext.run({ requestId: (await pageRequestId()) ?? newRequestId() }, readSession);
}

async function readSession() {
  const session = (await getServerSession(authOptions())) as { operatorId?: string } | null;
  return session?.operatorId ?? null;
}

async function pageRequestId() {
  try {
    return (await headers()).get('x-request-id') ?? undefined;
  } catch {
    return undefined; // not in a request (a script, a test)
  }
}
