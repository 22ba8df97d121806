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
