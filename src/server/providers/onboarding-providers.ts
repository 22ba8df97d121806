/**
 * Builds the onboarding adapters for the configured mode. Sandbox and live use the same clients: only base
 * URLs and keys differ (docs/product/decisions.md §1); the URLs, and so the sandbox namespace, come from upstream-hosts.ts.
 */
import { getEnv } from '@/env';
import type { Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { loadProviderASandboxKeys, providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import { loadProviderBSandboxKeys } from '@/sandbox/providerB/keys';
import { loggedUpstreamFetch } from './logged-fetch';
import { createProviderAPayClient } from './providerA/pay/client';
import { createProviderBClient } from './providerB';
import type { OnboardingProvider } from './types';
import { adapterCache, type UpstreamHosts } from './upstream-hosts';

function providerA(hosts: UpstreamHosts): OnboardingProvider {
  const env = getEnv();
  const client =
    hosts.mode === 'sandbox'
      ? createProviderAPayClient({
          baseUrl: hosts.providerAPay,
          timeoutMs: env.UPSTREAM_TIMEOUT_MS,
          fetch: loggedUpstreamFetch('providerA'),
          ...providerASandboxClientSettings(loadProviderASandboxKeys()),
        })
      : createProviderAPayClient({
          baseUrl: hosts.providerAPay,
          timeoutMs: env.UPSTREAM_TIMEOUT_MS,
          fetch: loggedUpstreamFetch('providerA'),
          mchId: env.PROVIDER_A_MCH_ID!,
          merchantSerialNo: env.PROVIDER_A_MERCHANT_SERIAL_NO!,
          merchantPrivateKeyPem: env.PROVIDER_A_MERCHANT_PRIVATE_KEY!,
          platform: {
            mode: 'publicKey',
            publicKeyId: env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID!,
            publicKeyPem: env.PROVIDER_A_PLATFORM_PUBLIC_KEY!,
          },
        });
  return {
    name: 'providerA',
    maxImageBytes: 2 * 1024 * 1024,
    uploadImage: (input) => client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) }),
    submitApplication: ({ submissionId, formData }) => client.submitApplyment({ businessCode: submissionId, formData }),
    queryApplication: ({ submissionId, formData }) => client.queryApplymentByBusinessCode(submissionId, formData),
    searchBankBranches: (search) => client.searchBankBranches(search),
  };
}

/** The Alipay gateway client for the configured mode (shared by onboarding and mini programs). */
export function configuredProviderBClient(hosts: UpstreamHosts) {
  const env = getEnv();
  if (hosts.mode === 'sandbox') {
    const keys = loadProviderBSandboxKeys();
    return createProviderBClient({
      baseUrl: hosts.providerBGateway,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      fetch: loggedUpstreamFetch('providerB'),
      appId: keys.appId,
      appPrivateKeyPem: keys.appPrivateKeyPem,
      alipayPublicKeyPem: keys.alipayPublicKeyPem,
    });
  }
  return createProviderBClient({
    baseUrl: hosts.providerBGateway,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    fetch: loggedUpstreamFetch('providerB'),
    appId: env.PROVIDER_B_APP_ID!,
    appPrivateKeyPem: env.PROVIDER_B_APP_PRIVATE_KEY!,
    alipayPublicKeyPem: env.PROVIDER_B_ALIPAY_PUBLIC_KEY!,
  });
}

function providerB(hosts: UpstreamHosts): OnboardingProvider {
  const client = configuredProviderBClient(hosts);
  return {
    name: 'providerB',
    maxImageBytes: 10 * 1024 * 1024,
    uploadImage: async (input) => ({
      mediaId: (await client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) })).imageId,
    }),
    submitApplication: async ({ submissionId, formData }) => ({
      applymentId: (await client.createZftApplication({ externalId: submissionId, formData })).orderId,
    }),
    queryApplication: async ({ submissionId, formData }) => {
      try {
        return await client.queryZftApplication({ externalId: submissionId, formData });
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
  };
}

const cache = adapterCache<OnboardingProvider>();

/** The onboarding adapter of a provider for one platform (its sandbox namespace; in live mode the same for all). */
export function onboardingProvider(name: Provider, platformId: string): OnboardingProvider {
  return cache.get(name, platformId, (hosts) => (name === 'providerA' ? providerA(hosts) : providerB(hosts)));
}

/** Tests point the adapters at a sandbox they started themselves. */
export const resetOnboardingProvidersForTests = () => cache.clear();

/** The key that signs providerB's notifications: the sandbox's "Alipay" key, or the real one in live mode. */
export function providerBNotificationKey(): { appId: string; alipayPublicKeyPem: string } {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'live')
    return { appId: env.PROVIDER_B_APP_ID!, alipayPublicKeyPem: env.PROVIDER_B_ALIPAY_PUBLIC_KEY! };
  const keys = loadProviderBSandboxKeys();
  return { appId: keys.appId, alipayPublicKeyPem: keys.alipayPublicKeyPem };
}
