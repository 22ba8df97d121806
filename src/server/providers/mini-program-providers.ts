import type { Provider } from '@/server/db/schema';
import type { MiniProgramProvider } from './mini-program-types';
import { providerAMiniAdapter } from './providerA-mini-adapter';
import { providerBMiniAdapter } from './providerB-mini-adapter';
import { adapterCache } from './upstream-hosts';

const cache = adapterCache<MiniProgramProvider>();

/** The mini-program adapter of a provider for one platform (its sandbox namespace; in live mode the same for all). */
export function miniProgramProvider(name: Provider, platformId: string): MiniProgramProvider {
  return cache.get(name, platformId, (hosts) =>
    name === 'providerA' ? providerAMiniAdapter(hosts) : providerBMiniAdapter(hosts),
  );
}

export const resetMiniProgramProvidersForTests = () => cache.clear();
