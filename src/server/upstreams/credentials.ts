/**
 * The upstream credentials for the configured mode (UPSTREAM_MODE). Live: the service provider's own, from
 * the environment. Sandbox: the ones the platform's own sandbox namespace made for itself
 * (src/sandbox/instance-keys.ts), so a push addressed to a platform is verified with keys only that platform's
 * sandbox holds: never the published test keys, never another platform's.
 */
import { getEnv } from '@/env';
import { sandboxApiV3Key } from '@/sandbox/providerA/pay/handler';
import { providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import {
  platformSandbox,
  sandboxKeys,
  sandboxKeysOfApp,
  sandboxProviderBCertificates,
} from '@/sandbox/sandbox-context';
import { providerBSigningMode } from '@/sandbox/providerB/signing-mode';
import { readPemSetting } from '@/env-checks/pem-setting';
import type { ProviderAPlatformKeys } from '@/server/providers/providerA/pay/client';
import { notificationParams, type ProviderBCertificates } from '@/server/providers/providerB/gateway';
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
  const keys = sandbox ? (await sandboxKeys(platformId)).providerAPay : undefined;
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
          apiV3Key: sandbox ? await sandboxApiV3Key(platformSandbox(platformId).store) : env.PROVIDER_A_APIV3_KEY!,
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
 * The WeChat third-party platform ("component") credentials. Live: one component for the whole instance, so its
 * pushes (ticket, authorization changes, audit results) are verified with these alone. Sandbox: the platform's
 * own component (`platformId` required there).
 */
export async function providerAComponentCredentials(platformId?: string) {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    if (platformId === undefined) throw new AppError('not_found', 'Sandbox credentials belong to a platform.');
    const { componentAppId, componentAppSecret, token, encodingAesKey } = (await sandboxKeys(platformId))
      .providerAComponent;
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
export async function providerBCredentials(platformId: string): Promise<{
  appId: string;
  appPrivateKeyPem: string;
  alipayPublicKeyPem: string;
  certificates?: ProviderBCertificates | (() => Promise<ProviderBCertificates | undefined>);
}> {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const { appId, appPrivateKeyPem, alipayPublicKeyPem } = (await sandboxKeys(platformId)).providerB;
    const sandbox = platformSandbox(platformId);
    const certificates = async () =>
      (await providerBSigningMode(sandbox.store)) === 'certificate'
        ? sandboxProviderBCertificates(sandbox.namespace)
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

/**
 * The key that verifies a providerB notification naming `appId` (its `app_id`), and in sandbox mode the platform
 * it is addressed to: the platform whose sandbox app has that id, so a notification signed with another
 * platform's sandbox key never verifies and is never applied to another platform's records. No such app: 401.
 */
export async function providerBNotificationKey(
  raw: string,
): Promise<{ appId: string; alipayPublicKeyPem: string; platformId?: string }> {
  const env = getEnv();
  const appId = notificationParams(raw).app_id;
  if (env.UPSTREAM_MODE === 'sandbox') {
    const keys = appId ? await sandboxKeysOfApp('providerB', appId) : undefined;
    if (!keys) throw new AppError('unauthenticated', 'The notification names no app of this service.');
    return {
      appId: keys.providerB.appId,
      alipayPublicKeyPem: keys.providerB.alipayPublicKeyPem,
      platformId: keys.platformId,
    };
  }
  const certificates = providerBLiveCertificates();
  return {
    appId: env.PROVIDER_B_APP_ID!,
    alipayPublicKeyPem: certificates
      ? certificates.alipayCertPem
      : readPemSetting('PROVIDER_B_ALIPAY_PUBLIC_KEY', env.PROVIDER_B_ALIPAY_PUBLIC_KEY!),
  };
}

/**
 * The component credentials that verify a WeChat component push, and in sandbox mode the platform it is
 * addressed to: by the authorizer app id of the message URL (the platform holding that authorization) or by the
 * component appid the push names (the platform whose sandbox component it is). Undefined: nobody's.
 */
export async function providerAPushCredentials(addressedTo: {
  componentAppId?: string;
  authorizerPlatformId?: string;
}): Promise<(Awaited<ReturnType<typeof providerAComponentCredentials>> & { platformId?: string }) | undefined> {
  if (getEnv().UPSTREAM_MODE !== 'sandbox') return providerAComponentCredentials();
  const platformId =
    addressedTo.authorizerPlatformId ??
    (addressedTo.componentAppId
      ? (await sandboxKeysOfApp('providerA', addressedTo.componentAppId))?.platformId
      : undefined);
  return platformId === undefined ? undefined : { ...(await providerAComponentCredentials(platformId)), platformId };
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
  const keys = await sandboxKeys(platformId);
  const sandbox = platformSandbox(platformId);
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
    PROVIDER_A_APIV3_KEY: await sandboxApiV3Key(sandbox.store),
    PROVIDER_A_COMPONENT_APPID: keys.providerAComponent.componentAppId,
    PROVIDER_A_COMPONENT_SECRET: keys.providerAComponent.componentAppSecret,
    PROVIDER_A_COMPONENT_TOKEN: keys.providerAComponent.token,
    PROVIDER_A_COMPONENT_AES_KEY: keys.providerAComponent.encodingAesKey,
    PROVIDER_B_APP_ID: keys.providerB.appId,
    PROVIDER_B_APP_PRIVATE_KEY: keys.providerB.appPrivateKeyPem,
    // The Alipay signing mode the platform's sandbox is switched to: its certificate files, or the public key.
    ...((await providerBSigningMode(sandbox.store)) === 'certificate'
      ? await (async () => {
          const files = await sandboxProviderBCertificates(sandbox.namespace);
          return {
            PROVIDER_B_APP_CERT: files.appCertPem,
            PROVIDER_B_ALIPAY_ROOT_CERT: files.alipayRootCertPem,
            PROVIDER_B_ALIPAY_CERT: files.alipayCertPem,
          };
        })()
      : { PROVIDER_B_ALIPAY_PUBLIC_KEY: keys.providerB.alipayPublicKeyPem }),
  };
}
