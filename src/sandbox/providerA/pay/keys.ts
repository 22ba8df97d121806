import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';

/**
 * The key material of the providerA pay sandbox (all PUBLIC test keys; see src/sandbox/fixtures/providerA/README.md).
 * The merchant pair is the published TV-0 pair; the platform pair is a second, sandbox-generated pair so that
 * a mix-up of the two roles fails the tests.
 */
export type ProviderASandboxKeys = {
  merchant: {
    /** The sandbox's service-provider merchant id (sp_mchid). */
    mchId: string;
    /** Serial of the merchant API certificate; requests must name it in `serial_no`. */
    serialNo: string;
    /** Verifies request signatures. */
    publicKeyPem: string;
    /** Only for configuring the sandbox-mode client; the emulator never signs with it. */
    privateKeyPem: string;
  };
  platform: {
    privateKeyPem: string;
    publicKeyPem: string;
    /** Public-key mode id (`PUB_KEY_ID_…`). */
    publicKeyId: string;
    certificatePem: string;
    certificateSerialNo: string;
  };
  /** What the emulator puts in `Wechatpay-Serial` on responses; requests may name either serial (A.4). */
  responseSerialMode: 'publicKey' | 'certificate';
};

export const SANDBOX_MCH_ID = '1900013511';
export const SANDBOX_PLATFORM_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000135112026010100000001';

const cache = new Map<ProviderASandboxKeys['responseSerialMode'], ProviderASandboxKeys>();

/**
 * Reads the committed fixtures from the project root's `src/sandbox/fixtures/providerA` (the working directory of
 * `next`, vitest and the CLI). The directory is spelled out in the `join` on purpose: Turbopack then traces that
 * folder only; a path assembled elsewhere made it trace (and ship) the whole project.
 */
export function loadProviderASandboxKeys(
  options: { responseSerialMode?: 'publicKey' | 'certificate' } = {},
): ProviderASandboxKeys {
  const mode = options.responseSerialMode ?? 'publicKey';
  const cached = cache.get(mode);
  if (cached) return cached;
  const read = (name: string) => readFileSync(join(process.cwd(), 'src/sandbox/fixtures/providerA', name), 'utf8');
  const merchantCert = new X509Certificate(read('merchant-apiclient-cert.pem'));
  const platformCertPem = read('platform-cert.pem');
  const keys: ProviderASandboxKeys = {
    merchant: {
      mchId: SANDBOX_MCH_ID,
      serialNo: merchantCert.serialNumber.toUpperCase(),
      publicKeyPem: merchantCert.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeyPem: read('merchant-apiclient-key.pem'),
    },
    platform: {
      privateKeyPem: read('platform-private-key.pem'),
      publicKeyPem: read('platform-public-key.pem'),
      publicKeyId: SANDBOX_PLATFORM_PUBLIC_KEY_ID,
      certificatePem: platformCertPem,
      certificateSerialNo: new X509Certificate(platformCertPem).serialNumber.toUpperCase(),
    },
    responseSerialMode: mode,
  };
  cache.set(mode, keys);
  return keys;
}

/**
 * The client settings that talk to this sandbox (shape of ProviderAPayClientConfig minus baseUrl/fetch),
 * in the platform mode the emulator announces.
 */
export function providerASandboxClientSettings(keys: ProviderASandboxKeys) {
  const platform =
    keys.responseSerialMode === 'publicKey'
      ? { mode: 'publicKey' as const, publicKeyId: keys.platform.publicKeyId, publicKeyPem: keys.platform.publicKeyPem }
      : {
          mode: 'certificate' as const,
          certificates: [{ serialNo: keys.platform.certificateSerialNo, pem: keys.platform.certificatePem }],
        };
  return {
    mchId: keys.merchant.mchId,
    merchantSerialNo: keys.merchant.serialNo,
    merchantPrivateKeyPem: keys.merchant.privateKeyPem,
    platform,
  };
}
