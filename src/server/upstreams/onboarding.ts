/**
 * The onboarding adapters for the configured mode. Sandbox and live use the same clients: only base URLs and
 * credentials differ (docs/product/decisions.md §1); the URLs, and so the sandbox namespace, come from hosts.ts,
 * the credentials from credentials.ts.
 */
import { getEnv } from '@/env';
import type { Provider } from '@/domain/providers';
import { providerAOnboardingAdapter, providerBOnboardingAdapter } from '@/server/providers/onboarding-adapters';
import { createProviderAPayClient } from '@/server/providers/providerA/pay/client';
import { createProviderBClient } from '@/server/providers/providerB';
import type { OnboardingProvider } from '@/server/providers/types';
import { providerAPayCredentials, providerBCredentials } from './credentials';
import { buildOnFirstCall } from './deferred';
import { adapterCache, type UpstreamHosts } from './hosts';
import { loggedUpstreamFetch } from './logged-fetch';

/** The Alipay gateway client of one platform's hosts (shared by onboarding and mini programs). */
export async function configuredProviderBClient(hosts: UpstreamHosts, platformId: string) {
  return createProviderBClient({
    baseUrl: hosts.providerBGateway,
    timeoutMs: getEnv().UPSTREAM_TIMEOUT_MS,
    fetch: loggedUpstreamFetch('providerB'),
    ...(await providerBCredentials(platformId)),
  });
}

/** The WeChat Pay client of one platform's hosts, in the configured verification mode (also used by doctor and the schedule). */
export async function configuredProviderAPayClient(hosts: UpstreamHosts, platformId: string) {
  return createProviderAPayClient({
    baseUrl: hosts.providerAPay,
    timeoutMs: getEnv().UPSTREAM_TIMEOUT_MS,
    fetch: loggedUpstreamFetch('providerA'),
    ...(await providerAPayCredentials(platformId)),
  });
}

async function build(name: Provider, hosts: UpstreamHosts, platformId: string): Promise<OnboardingProvider> {
  if (name === 'providerB') return providerBOnboardingAdapter(await configuredProviderBClient(hosts, platformId));
  return providerAOnboardingAdapter(await configuredProviderAPayClient(hosts, platformId));
}

const cache = adapterCache<() => Promise<OnboardingProvider>>();

/**
 * The onboarding adapter of a provider for one platform (its sandbox namespace; in live mode the same for all),
 * built on its first call.
 */
export function onboardingProvider(name: Provider, platformId: string): Promise<OnboardingProvider> {
  return cache.get(name, platformId, (hosts) => buildOnFirstCall(() => build(name, hosts, platformId)))();
}

/** Tests point the adapters at a sandbox they started themselves. */
export const resetOnboardingProvidersForTests = () => cache.clear();
