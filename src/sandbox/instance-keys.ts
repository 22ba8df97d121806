/**
 * The sandbox's own credentials, made for this installation. The published test keys (test/fixtures/upstream-keys)
 * are in everyone's copy of the repository: an emulator signing with them would let anyone forge a push that
 * the service accepts in sandbox mode. So the first instance to need them generates fresh key pairs and secrets
 * and keeps them in the sandbox's table, sealed with the field cipher like every sandbox object; every instance
 * sharing the database then signs and verifies with the same ones. (RSA key pairs cannot be derived from a seed
 * such as SESSION_SECRET with the platform's crypto, hence generated once and stored.)
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { ProviderAComponentCredentials } from './providerA/component/config';
import { SANDBOX_MCH_ID, SANDBOX_PLATFORM_PUBLIC_KEY_ID, type ProviderASandboxKeys } from './providerA/pay/keys';
import { PROVIDER_B_SANDBOX_APP_ID, type ProviderBSandboxKeys } from './providerB/keys';
import type { SandboxStore } from './store';

export type SandboxInstanceKeys = {
  providerAPay: ProviderASandboxKeys;
  providerAComponent: ProviderAComponentCredentials;
  providerB: ProviderBSandboxKeys;
};

const KIND = 'sandbox:instance-keys';
const ID = 'v1';

async function rsaPair() {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

async function generate(): Promise<SandboxInstanceKeys> {
  const [merchant, platform, app, alipay] = await Promise.all([rsaPair(), rsaPair(), rsaPair(), rsaPair()]);
  return {
    providerAPay: {
      merchant: { mchId: SANDBOX_MCH_ID, serialNo: randomBytes(20).toString('hex').toUpperCase(), ...merchant },
      platform: { ...platform, publicKeyId: SANDBOX_PLATFORM_PUBLIC_KEY_ID },
      responseSerialMode: 'publicKey',
    },
    providerAComponent: {
      componentAppId: `wx${randomBytes(8).toString('hex')}`,
      componentAppSecret: randomBytes(16).toString('hex'),
      token: randomBytes(16).toString('hex'),
      // EncodingAESKey: 32 random bytes as 43 Base64 characters (docs/upstream/providerA.md C.2).
      encodingAesKey: randomBytes(32).toString('base64').replace(/=+$/, ''),
    },
    providerB: {
      appId: PROVIDER_B_SANDBOX_APP_ID,
      appPublicKeyPem: app.publicKeyPem,
      appPrivateKeyPem: app.privateKeyPem,
      alipayPublicKeyPem: alipay.publicKeyPem,
      alipayPrivateKeyPem: alipay.privateKeyPem,
    },
  };
}

/** The installation's sandbox credentials; the first instance to ask creates them, the others read the same. */
export async function loadOrCreateInstanceKeys(store: SandboxStore): Promise<SandboxInstanceKeys> {
  return (await store.get<SandboxInstanceKeys>(KIND, ID)) ?? store.create(KIND, ID, await generate());
}
