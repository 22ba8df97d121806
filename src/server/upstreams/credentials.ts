/**
 * The upstream credentials for the configured mode (UPSTREAM_MODE). Live: the service provider's own, from
 * the environment. Sandbox: the ones this installation's sandbox made for itself (src/sandbox/instance-keys.ts),
 * so the sandbox's pushes are verified with keys nobody else holds, never with the published test keys.
 */
import { getEnv } from '@/env';
import { sandboxApiV3Key } from '@/sandbox/providerA/pay/handler';
import { providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import { platformSandbox, sandboxContext, sandboxKeys, sandboxProviderBCertificates } from '@/sandbox/sandbox-context';
import { providerBSigningMode } from '@/sandbox/providerB/signing-mode';
import { readPemSetting } from '@/env-checks/pem-setting';
import type { ProviderAPlatformKeys } from '@/server/providers/providerA/pay/client';
import type { ProviderBCertificates } from '@/server/providers/providerB/gateway';
import { AppError } from '@/server/errors';
import { upstreamHosts } from './hosts';
import { platformCertificateStore } from './platform-certificate-store';

/**
 * The WeChat Pay merchant's signing key and the platform keys that verify WeChat's answers, in the mode of
 * PROVIDER_A_PAY_VERIFY_MODE (both in live and sandbox mode: a platform's sandbox namespace is switched to
 * the matching mode through the control API). Downloaded certificates are stored per scope: the instance in
 * live mode, the platform in sandbox mode (each namespace is a merchant of its own).
 */
export async function providerAPayCredentials(platformId: string) {
  const env = getEnv();
  const sandbox = env.UPSTREAM_MODE === 'sandbox';
  const keys = sandbox ? (await sandboxKeys()).providerAPay : undefined;
  const merchant = keys
    ? providerASandboxClientSettings(keys)
    : {
        mchId: env.PROVIDER_A_MCH_ID!,
        merchantSerialNo: env.PROVIDER_A_MERCHANT_SERIAL_NO!,
        merchantPrivateKeyPem: env.PROVIDER_A_MERCHANT_PRIVATE_KEY!,
      };
  const publicKey = keys
    ? { publicKeyId: keys.platform.publicKeyId, publicKeyPem: keys.platform.publicKeyPem }
    : { publicKeyId: env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID!, publicKeyPem: env.PROVIDER_A_PLATFORM_PUBLIC_KEY! };
  const mode = env.PROVIDER_A_PAY_VERIFY_MODE;
  const platform: ProviderAPlatformKeys =
    mode === 'public_key'
      ? { mode: 'publicKey', ...publicKey }
      : {
          mode: 'downloadedCertificates',
          apiV3Key: sandbox ? await sandboxApiV3Key(sandboxContext().store) : env.PROVIDER_A_APIV3_KEY!,
          store: platformCertificateStore(sandbox ? platformId : undefined),
          ...(mode === 'both' ? { publicKey } : {}),
        };
  return {
    mchId: merchant.mchId,
    merchantSerialNo: merchant.merchantSerialNo,
    merchantPrivateKeyPem: merchant.merchantPrivateKeyPem,
    platform,
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

/**
 * The live-mode variables under which another instance talks to this installation's sandbox as if it were
 * the real providers: the sandbox merchant's and apps' keys and the hosts of `platformId`'s namespace. For
 * rehearsing a live configuration (and doctor) before the real credentials exist; sandbox keys only, never a
 * live secret.
 */
export async function sandboxAsLiveEnvironment(platformId: string): Promise<Record<string, string>> {
  if (getEnv().UPSTREAM_MODE !== 'sandbox')
    throw new AppError('invalid_request', 'Only an instance in sandbox mode has sandbox credentials to hand out.');
  const keys = await sandboxKeys();
  const hosts = upstreamHosts(platformId);
  return {
    PROVIDER_A_PAY_BASE_URL: hosts.providerAPay,
    PROVIDER_A_OPEN_BASE_URL: hosts.providerAOpen,
    PROVIDER_B_GATEWAY_URL: hosts.providerBGateway,
    PROVIDER_A_MCH_ID: keys.providerAPay.merchant.mchId,
    PROVIDER_A_MERCHANT_SERIAL_NO: keys.providerAPay.merchant.serialNo,
    PROVIDER_A_MERCHANT_PRIVATE_KEY: keys.providerAPay.merchant.privateKeyPem,
    PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: keys.providerAPay.platform.publicKeyId,
    PROVIDER_A_PLATFORM_PUBLIC_KEY: keys.providerAPay.platform.publicKeyPem,
    PROVIDER_A_APIV3_KEY: await sandboxApiV3Key(sandboxContext().store),
    PROVIDER_A_COMPONENT_APPID: keys.providerAComponent.componentAppId,
    PROVIDER_A_COMPONENT_SECRET: keys.providerAComponent.componentAppSecret,
    PROVIDER_A_COMPONENT_TOKEN: keys.providerAComponent.token,
    PROVIDER_A_COMPONENT_AES_KEY: keys.providerAComponent.encodingAesKey,
    PROVIDER_B_APP_ID: keys.providerB.appId,
    PROVIDER_B_APP_PRIVATE_KEY: keys.providerB.appPrivateKeyPem,
    // The Alipay signing mode the platform's sandbox is switched to: its certificate files, or the public key.
    ...((await providerBSigningMode(platformSandbox(platformId).store)) === 'certificate'
      ? await (async () => {
          const files = await sandboxProviderBCertificates();
          return {
            PROVIDER_B_APP_CERT: files.appCertPem,
            PROVIDER_B_ALIPAY_ROOT_CERT: files.alipayRootCertPem,
            PROVIDER_B_ALIPAY_CERT: files.alipayCertPem,
          };
        })()
      : { PROVIDER_B_ALIPAY_PUBLIC_KEY: keys.providerB.alipayPublicKeyPem }),
  };
}
