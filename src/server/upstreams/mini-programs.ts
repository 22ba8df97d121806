import { getDb } from '@/server/db';
import { getEnv } from '@/env';
import type { Provider } from '@/domain/providers';
import type { MiniProgramProvider } from '@/server/providers/mini-program-types';
import { providerAMiniAdapter } from '@/server/providers/providerA-mini-adapter';
import type { ComponentClientOptions } from '@/server/providers/providerA/component';
import { providerBMiniAdapter } from '@/server/providers/providerB-mini-adapter';
import { platformSandbox, pushVerifyTicket } from '@/sandbox/sandbox-context';
import { componentScope, componentTokenCache, componentTokenLock, readVerifyTicket } from './component-store';
import { providerAComponentCredentials } from './credentials';
import { buildOnFirstCall, deferredAdapter } from './deferred';
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
      // Sandbox: a platform's component is made on its first call, so its first ticket is pushed on demand (as
      // WeChat does after api_start_push_ticket) instead of waiting up to ten minutes for the scheduled push.
      const stored = await readVerifyTicket(db, scope).catch(() => null);
      if (stored) return stored;
      await pushVerifyTicket(platformSandbox(platformId));
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

const methods = [
  'startAuthorization',
  'exchangeAuthCode',
  'refreshTokens',
  'profile',
  'listTemplates',
  'commit',
  'submitAudit',
  'auditStatus',
  'release',
  'rollback',
  'versions',
  'baseinfo',
  'experience',
  'members',
] as const satisfies readonly Exclude<keyof MiniProgramProvider, 'name'>[];
// Fails to compile when the interface gains a method that is not listed above.
const _everyMethodListed: Exclude<keyof MiniProgramProvider, 'name' | (typeof methods)[number]> extends never
  ? true
  : never = true;

const cache = adapterCache<MiniProgramProvider>();

/** The mini-program adapter of a provider for one platform (its sandbox namespace; in live mode the same for all). */
export function miniProgramProvider(name: Provider, platformId: string): MiniProgramProvider {
  return cache.get(name, platformId, (hosts) =>
    deferredAdapter<MiniProgramProvider, 'name'>(
      { name },
      methods,
      buildOnFirstCall(() => build(name, hosts, platformId)),
    ),
  );
}

export const resetMiniProgramProvidersForTests = () => cache.clear();
