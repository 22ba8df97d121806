import { getEnv } from '@/env';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { createDbSandboxStore } from './db-store';
import { loadProviderASandboxKeys } from './providerA/pay/keys';
import { loadProviderBSandboxKeys } from './providerB/keys';

let context: ReturnType<typeof build> | undefined;

function build() {
  return {
    store: createDbSandboxStore(getDb),
    providerAKeys: loadProviderASandboxKeys(),
    providerBKeys: loadProviderBSandboxKeys(),
  };
}

/** The sandbox exists only in sandbox mode; in live mode every /sandbox path is a 404. */
export function sandboxContext() {
  if (getEnv().UPSTREAM_MODE !== 'sandbox') throw new AppError('not_found', 'The sandbox is only available with UPSTREAM_MODE=sandbox.');
  context ??= build();
  return context;
}

type SandboxContext = ReturnType<typeof build>;

/** Wraps an upstream emulator route: a plain 404 outside sandbox mode, as if the host did not exist. */
export function sandboxRoute(handler: (request: Request, ctx: SandboxContext) => Promise<Response>) {
  return async (request: Request) => {
    let ctx: SandboxContext;
    try {
      ctx = sandboxContext();
    } catch {
      return new Response('Not Found', { status: 404 });
    }
    try {
      return await handler(request, ctx);
    } catch (error) {
      // A malformed link or form is the caller's mistake: the upstream's pages answer it with a plain 4xx.
      if (error instanceof AppError && error.status < 500) {
        return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
      throw error;
    }
  };
}
