/**
 * The upstream credentials for the configured mode (UPSTREAM_MODE). Live: the service provider's own, from
 * the environment. Sandbox: the ones the platform's own sandbox namespace made for itself
 * (src/sandbox/instance-keys.ts), so a push addressed to a platform is verified with keys only that platform's
 * sandbox holds: never the published test keys, never another platform's.
 */
import { getEnv } from '@/env';
import { readPemSetting } from '@/env-checks/pem-setting';
import type { ProviderAPlatformKeys } from '@/server/providers/providerA/pay/client';
import { notificationParams, type ProviderBCertificates } from '@/server/providers/providerB/gateway';
import { AppError } from '@/server/errors';
import { platformCertificateStore } from './platform-certificate-store';

const inSandbox = () => getEnv().UPSTREAM_MODE === 'sandbox';

/**
 * The sandbox's credentials, imported on first use in sandbox mode only: a live build's module graph then holds
 * no emulator (test/unit/server/upstreams/live-module-graph.test.ts).
 */
export const sandboxCredentials = () => import('./sandbox-credentials');

/**
 * The WeChat Pay merchant's signing key and the platform keys that verify WeChat's answers, in the mode of
 * PROVIDER_A_PAY_VERIFY_MODE (both in live and sandbox mode: a platform's sandbox namespace is switched to
 * the matching mode through the control API). Downloaded certificates are stored per scope: the instance in
 * live mode, the platform in sandbox mode (each namespace is a merchant of its own).
 */
export async function providerAPayCredentials(platformId: string) {
  const env = getEnv();
  const sandbox = inSandbox() ? await (await sandboxCredentials()).sandboxProviderAPayKeys(platformId) : undefined;
  const merchant = sandbox?.merchant ?? {
    mchId: env.PROVIDER_A_MCH_ID!,
    merchantSerialNo: env.PROVIDER_A_MERCHANT_SERIAL_NO!,
    merchantPrivateKeyPem: env.PROVIDER_A_MERCHANT_PRIVATE_KEY!,
  };
  const publicKey = sandbox?.publicKey ?? {
    publicKeyId: env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID!,
    publicKeyPem: env.PROVIDER_A_PLATFORM_PUBLIC_KEY!,
  };
  const mode = env.PROVIDER_A_PAY_VERIFY_MODE;
  const platform: ProviderAPlatformKeys =
    mode === 'public_key'
      ? { mode: 'publicKey', ...publicKey }
      : {
          mode: 'downloadedCertificates',
          apiV3Key: sandbox ? await sandbox.apiV3Key() : env.PROVIDER_A_APIV3_KEY!,
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
  if (inSandbox()) {
    if (platformId === undefined) throw new AppError('not_found', 'Sandbox credentials belong to a platform.');
    return (await sandboxCredentials()).sandboxProviderAComponentCredentials(platformId);
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
  if (inSandbox()) return (await sandboxCredentials()).sandboxProviderBCredentials(platformId);
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
  if (inSandbox()) return (await sandboxCredentials()).sandboxProviderBNotificationKey(appId);
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
  if (!inSandbox()) return providerAComponentCredentials();
  const platformId =
    addressedTo.authorizerPlatformId ??
    (addressedTo.componentAppId
      ? await (await sandboxCredentials()).sandboxPlatformOfComponent(addressedTo.componentAppId)
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
  if (!inSandbox())
    throw new AppError('invalid_request', 'Only an instance in sandbox mode has sandbox credentials to hand out.');
  return (await sandboxCredentials()).sandboxAsLiveVariables(platformId);
}
