/**
 * The upstream credentials for the configured mode (UPSTREAM_MODE). Live: the service provider's own, from
 * the environment. Sandbox: the ones this installation's sandbox made for itself (src/sandbox/instance-keys.ts),
 * so the sandbox's pushes are verified with keys nobody else holds, never with the published test keys.
 */
import { getEnv } from '@/env';
import { providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import { platformSandbox, sandboxKeys, sandboxProviderBCertificates } from '@/sandbox/sandbox-context';
import { providerBSigningMode } from '@/sandbox/providerB/signing-mode';
import type { ProviderBCertificates } from '@/server/providers/providerB/gateway';
import { readPemSetting } from './pem-setting';

/** The WeChat Pay merchant's signing key and the platform key that verifies WeChat's answers. */
export async function providerAPayCredentials() {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') return providerASandboxClientSettings((await sandboxKeys()).providerAPay);
  return {
    mchId: env.PROVIDER_A_MCH_ID!,
    merchantSerialNo: env.PROVIDER_A_MERCHANT_SERIAL_NO!,
    merchantPrivateKeyPem: env.PROVIDER_A_MERCHANT_PRIVATE_KEY!,
    platform: {
      mode: 'publicKey' as const,
      publicKeyId: env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID!,
      publicKeyPem: env.PROVIDER_A_PLATFORM_PUBLIC_KEY!,
    },
  };
}

/**
 * The WeChat third-party platform ("component") credentials: one component for the whole instance, so its
 * pushes (ticket, authorization changes, audit results) are verified with these alone.
 */
export async function providerAComponentCredentials() {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const { componentAppId, componentAppSecret, token, encodingAesKey } = (await sandboxKeys()).providerAComponent;
    return { componentAppId, componentAppSecret, token, encodingAesKey };
  }
  return {
    componentAppId: env.PROVIDER_A_COMPONENT_APPID!,
    componentAppSecret: env.PROVIDER_A_COMPONENT_SECRET!,
    token: env.PROVIDER_A_COMPONENT_TOKEN!,
    encodingAesKey: env.PROVIDER_A_COMPONENT_AES_KEY!,
  };
}

/** Live certificate mode's files (PEM text or paths), or undefined in public-key mode. */
export function providerBLiveCertificates(): ProviderBCertificates | undefined {
  const env = getEnv();
  if (!env.PROVIDER_B_APP_CERT) return undefined;
  return {
    appCertPem: readPemSetting('PROVIDER_B_APP_CERT', env.PROVIDER_B_APP_CERT),
    alipayRootCertPem: readPemSetting('PROVIDER_B_ALIPAY_ROOT_CERT', env.PROVIDER_B_ALIPAY_ROOT_CERT!),
    alipayCertPem: readPemSetting('PROVIDER_B_ALIPAY_CERT', env.PROVIDER_B_ALIPAY_CERT!),
  };
}

/**
 * The Alipay app: its signing key, Alipay's key that verifies answers and notifications, and in certificate mode
 * the certificate files. Live: one mode for the instance, from the environment. Sandbox: the mode the platform's
 * namespace is switched to (src/sandbox/providerB/signing-mode.ts), asked before every call so a switch applies
 * to the next request on every instance.
 */
export async function providerBCredentials(platformId?: string): Promise<{
  appId: string;
  appPrivateKeyPem: string;
  alipayPublicKeyPem: string;
  certificates?: ProviderBCertificates | (() => Promise<ProviderBCertificates | undefined>);
}> {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const { appId, appPrivateKeyPem, alipayPublicKeyPem } = (await sandboxKeys()).providerB;
    const certificates =
      platformId === undefined
        ? undefined
        : async () =>
            (await providerBSigningMode(platformSandbox(platformId).store)) === 'certificate'
              ? sandboxProviderBCertificates()
              : undefined;
    return { appId, appPrivateKeyPem, alipayPublicKeyPem, certificates };
  }
  const certificates = providerBLiveCertificates();
  return {
    appId: env.PROVIDER_B_APP_ID!,
    appPrivateKeyPem: readPemSetting('PROVIDER_B_APP_PRIVATE_KEY', env.PROVIDER_B_APP_PRIVATE_KEY!),
    // Certificate mode: notifications name no certificate, so they are verified with the first (current) one.
    alipayPublicKeyPem: certificates
      ? certificates.alipayCertPem
      : readPemSetting('PROVIDER_B_ALIPAY_PUBLIC_KEY', env.PROVIDER_B_ALIPAY_PUBLIC_KEY!),
    certificates,
  };
}

/** The key that signs providerB's notifications, and the app id they must name. */
export async function providerBNotificationKey(): Promise<{ appId: string; alipayPublicKeyPem: string }> {
  const { appId, alipayPublicKeyPem } = await providerBCredentials();
  return { appId, alipayPublicKeyPem };
}
