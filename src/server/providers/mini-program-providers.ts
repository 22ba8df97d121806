import type { Provider } from '@/server/db/schema';
import type { MiniProgramProvider } from './mini-program-types';
import { providerAMiniAdapter } from './providerA-mini-adapter';
import { providerBMiniAdapter } from './providerB-mini-adapter';

const cache = new Map<Provider, MiniProgramProvider>();

/** The mini-program adapter of a provider for the configured mode (sandbox or live). */
export function miniProgramProvider(name: Provider): MiniProgramProvider {
  let adapter = cache.get(name);
  if (!adapter) {
    adapter = name === 'providerA' ? providerAMiniAdapter() : providerBMiniAdapter();
    cache.set(name, adapter);
  }
  return adapter;
}

export const resetMiniProgramProvidersForTests = () => cache.clear();
