/**
 * The WeChat Pay sandbox's platform keys per namespace (docs/upstream/providerA.md A.4, A.9): which mode the
 * emulated merchant is in, and the platform certificates it holds. A namespace starts in public-key mode (the
 * merchant of today's WeChat); the control API switches it to `certificate` (an older merchant) or `both` (a
 * merchant in the middle of the migration), and rotates its certificate.
 */
import { generateKeyPair, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { newestEffectiveCertificate, type PlatformCertificate } from '@/protocols/providerA/pay/platform-certificates';
import type { SandboxStore } from '@/sandbox/store';
import type { ProviderASandboxKeys } from './keys';

export const PLATFORM_MODES = ['public_key', 'certificate', 'both'] as const;
export type SandboxPlatformMode = (typeof PLATFORM_MODES)[number];

export type SandboxPlatformCertificate = PlatformCertificate & { privateKeyPem: string };
export type SandboxPlatformState = { mode: SandboxPlatformMode; certificates: SandboxPlatformCertificate[] };

const KIND = 'providerA:platform-keys';
const ID = 'state';
const APIV3_KIND = 'sandbox:providerA-apiv3-key';
/** How long a certificate the sandbox issues is valid: WeChat's are valid for five years. */
const VALID_DAYS = 5 * 365;

/** WeChat writes times in China Standard Time: `2026-01-01T10:00:00+08:00`. */
function chinaTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** A fresh RSA-2048 platform certificate, self-signed (the sandbox has no Tenpay CA to chain to), effective from `now`. */
export async function issuePlatformCertificate(now: Date): Promise<SandboxPlatformCertificate> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // 20 bytes, positive and without a leading zero byte, so its hex reads the same everywhere.
  const serialNo = (randomInt(0x10, 0x80).toString(16) + randomBytes(19).toString('hex')).toUpperCase();
  certificate.serialNumber = serialNo;
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = new Date(notBefore.getTime() + VALID_DAYS * 86_400_000);
  const name = [
    { name: 'countryName', value: 'CN' },
    { name: 'organizationName', value: 'Tenpay.com (sandbox)' },
    { name: 'commonName', value: 'Tenpay.com sandbox platform certificate' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return {
    serialNo,
    pem: forge.pki.certificateToPem(certificate),
    effectiveTime: chinaTime(notBefore),
    expireTime: chinaTime(certificate.validity.notAfter),
    privateKeyPem: privateKey,
  };
}

/**
 * The namespace's state. Without one stored: the mode the keys announce, holding the keys' own certificate
 * when they carry one (the published fixture in the protocol tests).
 */
export async function loadPlatformState(
  store: SandboxStore,
  keys: ProviderASandboxKeys,
): Promise<SandboxPlatformState> {
  const stored = await store.get<SandboxPlatformState>(KIND, ID);
  if (stored) return stored;
  const { certificatePem, certificateSerialNo, privateKeyPem } = keys.platform;
  return {
    mode: keys.responseSerialMode === 'certificate' ? 'certificate' : 'public_key',
    certificates:
      certificatePem && certificateSerialNo
        ? [
            {
              serialNo: certificateSerialNo,
              pem: certificatePem,
              effectiveTime: '2020-01-01T00:00:00+08:00',
              expireTime: '2099-01-01T00:00:00+08:00',
              privateKeyPem,
            },
          ]
        : [],
  };
}

/** Switches the merchant's mode; entering a certificate mode without a certificate issues the first one. */
export async function setPlatformMode(
  store: SandboxStore,
  keys: ProviderASandboxKeys,
  mode: SandboxPlatformMode,
  now: Date,
): Promise<SandboxPlatformState> {
  const state = await loadPlatformState(store, keys);
  state.mode = mode;
  if (mode !== 'public_key' && !newestEffectiveCertificate(state.certificates, now))
    state.certificates.push(await issuePlatformCertificate(now));
  await store.put(KIND, ID, state);
  return state;
}

/**
 * Issues a new platform certificate that signs from now on. The previous ones stay listed and keep verifying
 * until they expire, as WeChat's do during a rotation. A public-key merchant becomes a certificate one.
 */
export async function rotatePlatformCertificate(
  store: SandboxStore,
  keys: ProviderASandboxKeys,
  now: Date,
): Promise<SandboxPlatformState> {
  const state = await loadPlatformState(store, keys);
  const next = await issuePlatformCertificate(now);
  const nextFrom = Date.parse(next.effectiveTime);
  state.certificates = state.certificates
    .filter((c) => Date.parse(c.expireTime) > now.getTime())
    // "Newest" is decided by effective_time: one issued within the same second is listed a second earlier.
    .map((c) =>
      Date.parse(c.effectiveTime) >= nextFrom ? { ...c, effectiveTime: chinaTime(new Date(nextFrom - 1000)) } : c,
    );
  state.certificates.push(next);
  if (state.mode === 'public_key') state.mode = 'certificate';
  await store.put(KIND, ID, state);
  return state;
}

/** The key that signs the sandbox's answers: the newest certificate in effect in a certificate mode, else the public key. */
export function signingKey(
  state: SandboxPlatformState,
  keys: ProviderASandboxKeys,
  now: Date,
): { serial: string; privateKeyPem: string } {
  const newest = state.mode === 'public_key' ? undefined : newestEffectiveCertificate(state.certificates, now);
  return newest
    ? { serial: newest.serialNo, privateKeyPem: newest.privateKeyPem }
    : { serial: keys.platform.publicKeyId, privateKeyPem: keys.platform.privateKeyPem };
}

/**
 * The private key that opens fields encrypted under `serial` (the request's `Wechatpay-Serial`): the public
 * key's in public-key and migration modes, an unexpired certificate's in certificate and migration modes.
 */
export function decryptionKey(
  state: SandboxPlatformState,
  keys: ProviderASandboxKeys,
  serial: string,
  now: Date,
): string | undefined {
  if (serial === keys.platform.publicKeyId)
    return state.mode === 'certificate' ? undefined : keys.platform.privateKeyPem;
  if (state.mode === 'public_key') return undefined;
  return state.certificates.find((c) => c.serialNo === serial.toUpperCase() && Date.parse(c.expireTime) > now.getTime())
    ?.privateKeyPem;
}

/** What the control API shows: never a private key. */
export function describePlatformState(state: SandboxPlatformState, keys: ProviderASandboxKeys, now: Date) {
  return {
    mode: state.mode,
    publicKeyId: state.mode === 'certificate' ? null : keys.platform.publicKeyId,
    signingSerial: signingKey(state, keys, now).serial,
    certificates: state.certificates.map(({ serialNo, effectiveTime, expireTime }) => ({
      serialNo,
      effectiveTime,
      expireTime,
    })),
  };
}

/**
 * The APIv3 key this installation's sandbox shares with its service (it seals the certificates of
 * `/v3/certificates`): 32 characters, made by the first instance that needs it, the same for every namespace.
 */
export async function sandboxApiV3Key(shared: SandboxStore): Promise<string> {
  const existing = await shared.get<{ key: string }>(APIV3_KIND, 'v1');
  if (existing) return existing.key;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const key = Array.from({ length: 32 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return (await shared.create(APIV3_KIND, 'v1', { key })).key;
}
