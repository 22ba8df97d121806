/**
 * The published test keys and credentials (test/fixtures/upstream-keys, see its READMEs), for the tests that
 * check our protocol code and the emulators against the published vectors. The running sandbox never uses
 * them: it signs with keys of its own (src/sandbox/instance-keys.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import type { ProviderAComponentCredentials } from '@/sandbox/providerA/component/config';
import {
  SANDBOX_MCH_ID,
  SANDBOX_PLATFORM_PUBLIC_KEY_ID,
  type ProviderASandboxKeys,
} from '@/sandbox/providerA/pay/keys';
import { PROVIDER_B_SANDBOX_APP_ID, type ProviderBSandboxKeys } from '@/sandbox/providerB/keys';
import component from '../fixtures/upstream-keys/providerA/component.json';

const read = (provider: 'providerA' | 'providerB', name: string) =>
  readFileSync(join(process.cwd(), 'test/fixtures/upstream-keys', provider, name), 'utf8');

/**
 * The merchant pair is the published TV-0 pair; the platform pair is a second, generated pair so that a mix-up
 * of the two roles fails the tests. `certificate` mode announces the platform certificate's serial instead of
 * the public-key id.
 */
export function loadProviderASandboxKeys(
  options: { responseSerialMode?: 'publicKey' | 'certificate' } = {},
): ProviderASandboxKeys {
  const merchantCert = new X509Certificate(read('providerA', 'merchant-apiclient-cert.pem'));
  const platformCertPem = read('providerA', 'platform-cert.pem');
  return {
    merchant: {
      mchId: SANDBOX_MCH_ID,
      serialNo: merchantCert.serialNumber.toUpperCase(),
      publicKeyPem: merchantCert.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeyPem: read('providerA', 'merchant-apiclient-key.pem'),
    },
    platform: {
      privateKeyPem: read('providerA', 'platform-private-key.pem'),
      publicKeyPem: read('providerA', 'platform-public-key.pem'),
      publicKeyId: SANDBOX_PLATFORM_PUBLIC_KEY_ID,
      certificatePem: platformCertPem,
      certificateSerialNo: new X509Certificate(platformCertPem).serialNumber.toUpperCase(),
    },
    responseSerialMode: options.responseSerialMode ?? 'publicKey',
  };
}

/** An APIv3 key for the protocol tests' WeChat Pay emulator (32 ASCII characters, like a real one). */
export const FIXTURE_APIV3_KEY = 'SandboxFixtureApiV3Key0123456789';

/** The app pair and the "Alipay" pair of the published vectors (TV-2, TV-7). */
export function loadProviderBSandboxKeys(options: { appId?: string } = {}): ProviderBSandboxKeys {
  return {
    appId: options.appId ?? PROVIDER_B_SANDBOX_APP_ID,
    appPublicKeyPem: read('providerB', 'app-public-key.pem'),
    appPrivateKeyPem: read('providerB', 'app-private-key.pem'),
    alipayPrivateKeyPem: read('providerB', 'app_2014060600164699_rsa2_private_key_no_wrapper.pem'),
    alipayPublicKeyPem: read('providerB', 'app_2014060600164699_rsa2_public_key_no_wrapper.pem'),
  };
}

/** The published WXBizMsgCrypt credentials (TV-5) with an appsecret generated for the tests. */
export const fixtureComponentCredentials: ProviderAComponentCredentials = {
  componentAppId: component.componentAppId,
  componentAppSecret: component.componentAppSecret,
  token: component.token,
  encodingAesKey: component.encodingAesKey,
};
