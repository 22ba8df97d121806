/**
 * Builds the onboarding adapters for the configured mode. Sandbox and live use the same clients: only base
 * URLs and keys differ (decisions §1).
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

export function sandboxBaseUrl() {
  const env = getEnv();
  return (env.SANDBOX_BASE_URL ?? `http://127.0.0.1:${env.PORT}/sandbox`).replace(/\/$/, '');
}

function providerA(): OnboardingProvider {
  const env = getEnv();
  const client =
    env.UPSTREAM_MODE === 'sandbox'
      ? createProviderAPayClient({
          baseUrl: `${sandboxBaseUrl()}/providerA/pay`,
          timeoutMs: env.UPSTREAM_TIMEOUT_MS,
          fetch: loggedUpstreamFetch('providerA'),
          ...providerASandboxClientSettings(loadProviderASandboxKeys()),
        })
      : createProviderAPayClient({
          baseUrl: 'https://api.mch.weixin.qq.com',
          timeoutMs: env.UPSTREAM_TIMEOUT_MS,
          fetch: loggedUpstreamFetch('providerA'),
          mchId: env.PROVIDER_A_MCH_ID!,
          merchantSerialNo: env.PROVIDER_A_MERCHANT_SERIAL_NO!,
          merchantPrivateKeyPem: env.PROVIDER_A_MERCHANT_PRIVATE_KEY!,
          platform: { mode: 'publicKey', publicKeyId: env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID!, publicKeyPem: env.PROVIDER_A_PLATFORM_PUBLIC_KEY! },
        });
  return {
    name: 'providerA',
    maxImageBytes: 2 * 1024 * 1024,
    uploadImage: (input) => client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) }),
    submitApplication: ({ submissionId, formData }) => client.submitApplyment({ businessCode: submissionId, formData }),
    queryApplication: ({ submissionId, formData }) => client.queryApplymentByBusinessCode(submissionId, formData),
  };
}

/** The Alipay gateway client for the configured mode (shared by onboarding and mini programs). */
export function configuredProviderBClient() {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const keys = loadProviderBSandboxKeys();
    return createProviderBClient({
      baseUrl: `${sandboxBaseUrl()}/providerB/gateway.do`,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      fetch: loggedUpstreamFetch('providerB'),
      appId: keys.appId,
      appPrivateKeyPem: keys.appPrivateKeyPem,
      alipayPublicKeyPem: keys.alipayPublicKeyPem,
    });
  }
  return createProviderBClient({
    baseUrl: 'https://openapi.alipay.com/gateway.do',
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    fetch: loggedUpstreamFetch('providerB'),
    appId: env.PROVIDER_B_APP_ID!,
    appPrivateKeyPem: env.PROVIDER_B_APP_PRIVATE_KEY!,
    alipayPublicKeyPem: env.PROVIDER_B_ALIPAY_PUBLIC_KEY!,
  });
}

function providerB(): OnboardingProvider {
  const client = configuredProviderBClient();
  return {
    name: 'providerB',
    maxImageBytes: 10 * 1024 * 1024,
    uploadImage: async (input) => ({ mediaId: (await client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) })).imageId }),
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

const cache = new Map<Provider, OnboardingProvider>();

export function onboardingProvider(name: Provider): OnboardingProvider {
  let adapter = cache.get(name);
  if (!adapter) {
    adapter = name === 'providerA' ? providerA() : providerB();
    cache.set(name, adapter);
  }
  return adapter;
}

/** Tests point the adapters at a sandbox they started themselves. */
export const resetOnboardingProvidersForTests = () => cache.clear();

/** The key that signs providerB's notifications: the sandbox's "Alipay" key, or the real one in live mode. */
export function providerBNotificationKey(): { appId: string; alipayPublicKeyPem: string } {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'live') return { appId: env.PROVIDER_B_APP_ID!, alipayPublicKeyPem: env.PROVIDER_B_ALIPAY_PUBLIC_KEY! };
  const keys = loadProviderBSandboxKeys();
  return { appId: keys.appId, alipayPublicKeyPem: keys.alipayPublicKeyPem };
}
