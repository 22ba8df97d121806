/**
 * Each platform's sandbox credentials: its own WeChat Pay merchant (id, key pair, serial, platform key), its own
 * WeChat component (appid, appsecret, message token, EncodingAESKey) and its own Alipay app (id, app key,
 * "Alipay" key). The published test keys (test/fixtures/upstream-keys) are in everyone's copy of the repository,
 * and one set per installation would be handed to every platform by `sandbox live-env`: with another platform's
 * copy, anyone could forge a push the service accepts for that platform. So each namespace gets fresh key pairs
 * and secrets the first time its platform needs them, kept in the sandbox's table, sealed with the field cipher
 * like every sandbox object; every instance sharing the database then signs and verifies with the same ones
 * (insert-if-absent, then the stored record is used). RSA key pairs cannot be derived from a seed such as
 * SESSION_SECRET with the platform's crypto, hence generated once and stored.
 *
 * A record names its platform, and the ids that pushes carry (component appid, Alipay app id) are indexed to
 * their namespace, so a push is verified with the keys of the platform it is addressed to and applied to that
 * platform only. Only a platform-aware caller (the service's adapters, the control API, the CLI) creates a record:
 * an emulator route on an unknown namespace finds none and answers 404, so nobody can make the sandbox generate
 * keys for made-up namespaces.
 */
import { generateKeyPair, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import type { ProviderAComponentCredentials } from './providerA/component/config';
import type { ProviderASandboxKeys } from './providerA/pay/keys';
import type { ProviderBSandboxKeys } from './providerB/keys';
import type { SandboxStore } from './store';

export type SandboxInstanceKeys = {
  providerAPay: ProviderASandboxKeys;
  providerAComponent: ProviderAComponentCredentials;
  providerB: ProviderBSandboxKeys;
};

/** One namespace's credentials, with the platform it belongs to. */
export type SandboxNamespaceKeys = SandboxInstanceKeys & { namespace: string; platformId: string };

const KIND = 'sandbox:namespace-keys';
/** Which namespace a pushed id belongs to: `providerA:<component appid>`, `providerB:<app id>`. */
const OWNER_KIND = 'sandbox:namespace-of-app';

async function rsaPair() {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

async function generate(): Promise<SandboxInstanceKeys> {
  const [merchant, platform, app, alipay] = await Promise.all([rsaPair(), rsaPair(), rsaPair(), rsaPair()]);
  // WeChat Pay merchant ids are 10 digits (service providers' start 1900…/16…); the key id names the merchant.
  const mchId = `19${digits(8)}`;
  return {
    providerAPay: {
      merchant: { mchId, serialNo: randomBytes(20).toString('hex').toUpperCase(), ...merchant },
      platform: { ...platform, publicKeyId: `PUB_KEY_ID_01${mchId}${digits(16)}` },
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
      // Alipay app ids: 16 digits starting 2021.
      appId: `2021${digits(12)}`,
      appPublicKeyPem: app.publicKeyPem,
      appPrivateKeyPem: app.privateKeyPem,
      alipayPublicKeyPem: alipay.publicKeyPem,
      alipayPrivateKeyPem: alipay.privateKeyPem,
    },
  };
}

/**
 * The namespace's credentials; the first caller (on any instance) creates them, every other reads the same.
 * `shared` is the un-namespaced store: the index of pushed ids spans namespaces.
 */
export async function loadOrCreateNamespaceKeys(
  shared: SandboxStore,
  namespace: string,
  platformId: string,
): Promise<SandboxNamespaceKeys> {
  const existing = await shared.get<SandboxNamespaceKeys>(KIND, namespace);
  if (existing) return existing;
  const stored = await shared.create<SandboxNamespaceKeys>(KIND, namespace, {
    ...(await generate()),
    namespace,
    platformId,
  });
  // The winner's ids (the same on every instance): idempotent writes, so a crash in between is repaired next time.
  await shared.put(OWNER_KIND, `providerA:${stored.providerAComponent.componentAppId}`, { namespace });
  await shared.put(OWNER_KIND, `providerB:${stored.providerB.appId}`, { namespace });
  return stored;
}

/** The namespace's credentials if its platform has used the sandbox, else undefined (never creates). */
export async function readNamespaceKeys(
  shared: SandboxStore,
  namespace: string,
): Promise<SandboxNamespaceKeys | undefined> {
  return shared.get<SandboxNamespaceKeys>(KIND, namespace);
}

/** Every namespace whose platform has used the sandbox. */
export async function listKeyedNamespaces(shared: SandboxStore): Promise<string[]> {
  return (await shared.list<SandboxNamespaceKeys>(KIND)).map((keys) => keys.namespace);
}

/** The credentials of the namespace that owns a pushed id (component appid or Alipay app id), if any. */
export async function namespaceKeysOfApp(
  shared: SandboxStore,
  provider: 'providerA' | 'providerB',
  appId: string,
): Promise<SandboxNamespaceKeys | undefined> {
  // An app id is ASCII letters and digits: anything else (a NUL, a lone surrogate from a forged push) owns nothing,
  // and is not sent to the database, where it would be an error rather than a miss.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) return undefined;
  const owner = await shared.get<{ namespace: string }>(OWNER_KIND, `${provider}:${appId}`);
  return owner ? readNamespaceKeys(shared, owner.namespace) : undefined;
}
