/**
 * The sandbox half of credentials.ts, loaded by it (a dynamic import) only when UPSTREAM_MODE=sandbox: the
 * credentials each platform's sandbox namespace made for itself (src/sandbox/instance-keys.ts). Nothing else in
 * the composition root imports an emulator, so the module graph of a live route holds no src/sandbox file.
 */
import { AppError } from '@/server/errors';
import { sandboxApiV3Key } from '@/sandbox/providerA/pay/platform-certificates';
import { providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import { providerBSigningMode } from '@/sandbox/providerB/signing-mode';
import {
  platformSandbox,
  pushVerifyTicket,
  sandboxKeys,
  sandboxKeysOfApp,
  sandboxProviderBCertificates,
} from '@/sandbox/sandbox-context';
import { upstreamHosts } from './hosts';

/** The platform's WeChat Pay merchant, the platform public key, and its APIv3 key (asked only in certificate mode). */
export async function sandboxProviderAPayKeys(platformId: string) {
  const keys = (await sandboxKeys(platformId)).providerAPay;
  return {
    merchant: providerASandboxClientSettings(keys),
    publicKey: { publicKeyId: keys.platform.publicKeyId, publicKeyPem: keys.platform.publicKeyPem },
    apiV3Key: () => sandboxApiV3Key(platformSandbox(platformId).store),
  };
}

/** The platform's own WeChat component. */
export async function sandboxProviderAComponentCredentials(platformId: string) {
  const { componentAppId, componentAppSecret, token, encodingAesKey } = (await sandboxKeys(platformId))
    .providerAComponent;
  return { componentAppId, componentAppSecret, token, encodingAesKey };
}

/**
 * The platform's Alipay app, with the certificate files of the mode its namespace is switched to
 * (src/sandbox/providerB/signing-mode.ts), asked before every call so a switch applies to the next request.
 */
export async function sandboxProviderBCredentials(platformId: string) {
  const { appId, appPrivateKeyPem, alipayPublicKeyPem } = (await sandboxKeys(platformId)).providerB;
  const sandbox = platformSandbox(platformId);
  const certificates = async () =>
    (await providerBSigningMode(sandbox.store)) === 'certificate'
      ? sandboxProviderBCertificates(sandbox.namespace)
      : undefined;
  return { appId, appPrivateKeyPem, alipayPublicKeyPem, certificates };
}

/** The key of the platform whose sandbox app is `appId`; no such app: 401. */
export async function sandboxProviderBNotificationKey(appId: string | undefined) {
  const keys = appId ? await sandboxKeysOfApp('providerB', appId) : undefined;
  if (!keys) throw new AppError('unauthenticated', 'The notification names no app of this service.');
  return {
    appId: keys.providerB.appId,
    alipayPublicKeyPem: keys.providerB.alipayPublicKeyPem,
    platformId: keys.platformId,
  };
}

/** The platform whose sandbox component has `componentAppId`, if any. */
export async function sandboxPlatformOfComponent(componentAppId: string): Promise<string | undefined> {
  return (await sandboxKeysOfApp('providerA', componentAppId))?.platformId;
}

/**
 * A platform's component is made on its first call, so its first verify ticket is pushed on demand (as WeChat does
 * after api_start_push_ticket) instead of waiting up to ten minutes for the scheduled push.
 */
export async function pushSandboxVerifyTicket(platformId: string) {
  await pushVerifyTicket(platformSandbox(platformId));
}

/**
 * The live-mode variables under which another instance talks to this installation's sandbox as if it were the real
 * providers: the sandbox merchant's and apps' keys and the hosts of `platformId`'s namespace. Sandbox keys only.
 */
export async function sandboxAsLiveVariables(platformId: string): Promise<Record<string, string>> {
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
