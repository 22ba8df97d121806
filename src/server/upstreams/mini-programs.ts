import { getDb } from '@/server/db';
import { getEnv } from '@/env';
import type { Provider } from '@/domain/providers';
import type { MiniProgramProvider } from '@/server/providers/mini-program-types';
import { providerAMiniAdapter } from '@/server/providers/providerA-mini-adapter';
import type { ComponentClientOptions } from '@/server/providers/providerA/component';
import { providerBMiniAdapter } from '@/server/providers/providerB-mini-adapter';
import { componentScope, componentTokenCache, componentTokenLock, readVerifyTicket } from './component-store';
import { providerAComponentCredentials, sandboxCredentials } from './credentials';
import { buildOnFirstCall } from './deferred';
import { adapterCache, type UpstreamHosts } from './hosts';
import { loggedUpstreamFetch } from './logged-fetch';
import { configuredProviderBClient } from './onboarding';

/** The WeChat component client's options for one platform's hosts (the adapter's, and doctor's). */
export async function componentClientOptions(
  hosts: UpstreamHosts,
  platformId: string,
): Promise<ComponentClientOptions> {
  const { componentAppId, componentAppSecret } = await providerAComponentCredentials(platformId);
  const scope = componentScope(platformId);
  return {
    baseUrl: hosts.providerAOpen,
    timeoutMs: getEnv().UPSTREAM_TIMEOUT_MS,
    fetch: loggedUpstreamFetch('providerA'),
    componentAppId,
    componentAppSecret,
    getVerifyTicket: async () => {
      const db = await getDb();
      if (scope === undefined) return readVerifyTicket(db);
      // Sandbox: a platform's first ticket is pushed on demand.
      const stored = await readVerifyTicket(db, scope).catch(() => null);
      if (stored) return stored;
      await (await sandboxCredentials()).pushSandboxVerifyTicket(platformId);
      return readVerifyTicket(db, scope);
    },
    // The cache is the database; the lock is a lease in it: one instance refreshes, the others wait and reuse.
    tokenCache: {
      get: async () => componentTokenCache(await getDb(), scope).get(),
      set: async (value) => componentTokenCache(await getDb(), scope).set(value),
    },
    lock: async (fn) => componentTokenLock(await getDb(), scope)(fn),
    authBaseUrls: hosts.providerAAuthorizePages,
  };
}

async function build(name: Provider, hosts: UpstreamHosts, platformId: string): Promise<MiniProgramProvider> {
  if (name === 'providerB')
    return providerBMiniAdapter({
      gateway: (await configuredProviderBClient(hosts, platformId)).gateway,
      authBaseUrl: hosts.providerBAuthorizePage,
    });
  return providerAMiniAdapter(await componentClientOptions(hosts, platformId));
}

const cache = adapterCache<() => Promise<MiniProgramProvider>>();

/**
 * The mini-program adapter of a provider for one platform (its sandbox namespace; in live mode the same for all),
 * built on its first call.
 */
export function miniProgramProvider(name: Provider, platformId: string): Promise<MiniProgramProvider> {
  return cache.get(name, platformId, (hosts) => buildOnFirstCall(() => build(name, hosts, platformId)))();
}

export const resetMiniProgramProvidersForTests = () => cache.clear();
