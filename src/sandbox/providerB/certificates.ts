/**
 * The Alipay sandbox's certificate-mode files, issued per installation like its keys (src/sandbox/instance-keys.ts):
 * a published test certificate would let anyone sign as the sandbox's "Alipay". The app certificate and the
 * Alipay certificate are issued over the installation's existing app and "Alipay" key pairs, so requests and
 * answers are signed with the same keys in either mode; only the serials travel in addition.
 *
 * The root file imitates Alipay's: an RSA root (counted in `alipay_root_cert_sn`) followed by an ECDSA root,
 * which the SN leaves out (docs/upstream/providerB.md A.8), so a client that counts every root is refused.
 */
import 'reflect-metadata';
import { webcrypto, X509Certificate as NodeCertificate, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { certSn, rootCertSn } from '@/protocols/providerB/gateway/cert-sn';
import { loadPublicKey } from '@/protocols/providerB/gateway/keys';
import type { ProviderBSandboxKeys } from './keys';
import type { SandboxStore } from '../store';

export interface ProviderBSandboxCertificates {
  /** `appCertPublicKey_<appid>.crt` of the sandbox's app. */
  appCertPem: string;
  /** `alipayRootCert.crt`: the RSA root, then the ECDSA root. */
  alipayRootCertPem: string;
  /** `alipayCertPublicKey_RSA2.crt`: over the sandbox's "Alipay" key. */
  alipayCertPem: string;
}

export interface ProviderBSandboxSerials {
  appCertSn: string;
  alipayRootCertSn: string;
  alipayCertSn: string;
}

const KIND = 'sandbox:providerB-certificates';
const ID = 'v1';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

const ca = (name: string) => `C=CN, O=Sandbox Financial, OU=Certification Authority, CN=${name}`;

async function importSpki(pem: string) {
  // The installation's keys are PEM; the published test keys bare Base64: the protocol loader reads both.
  const der = loadPublicKey(pem).export({ type: 'spki', format: 'der' });
  return webcrypto.subtle.importKey('spki', der, RSA_SHA256, true, ['verify']);
}

const serial = () =>
  Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');

async function issue(): Promise<{ rootPem: string; eccRootPem: string; rootKey: CryptoKey; rootName: string }> {
  const crypto = webcrypto as unknown as Crypto;
  const notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const rootKeys = (await webcrypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const eccKeys = (await webcrypto.subtle.generateKey(ECDSA_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const caExtensions = () => [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  ];
  const rootName = ca('Sandbox Financial Certification Authority R1');
  const root = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial(),
      name: rootName,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 20 * YEAR_MS),
      keys: rootKeys,
      signingAlgorithm: RSA_SHA256,
      extensions: caExtensions(),
    },
    crypto,
  );
  const eccRoot = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial(),
      name: ca('Sandbox Financial Certification Authority E1'),
      notBefore,
      notAfter: new Date(notBefore.getTime() + 20 * YEAR_MS),
      keys: eccKeys,
      signingAlgorithm: ECDSA_P256,
      extensions: caExtensions(),
    },
    crypto,
  );
  return { rootPem: root.toString('pem'), eccRootPem: eccRoot.toString('pem'), rootKey: rootKeys.privateKey, rootName };
}

async function leaf(subject: string, publicKeyPem: string, issuer: { key: CryptoKey; name: string }) {
  const notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serial(),
      subject,
      issuer: issuer.name,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 5 * YEAR_MS),
      publicKey: await importSpki(publicKeyPem),
      signingKey: issuer.key,
      signingAlgorithm: RSA_SHA256,
      extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
    },
    webcrypto as unknown as Crypto,
  );
  return cert.toString('pem');
}

/** Issues the three files over the installation's app and "Alipay" keys; the root's private key is not kept. */
export async function issueProviderBSandboxCertificates(
  keys: Pick<ProviderBSandboxKeys, 'appId' | 'appPublicKeyPem' | 'alipayPublicKeyPem'>,
): Promise<ProviderBSandboxCertificates> {
  const { rootPem, eccRootPem, rootKey, rootName } = await issue();
  const issuer = { key: rootKey, name: rootName };
  return {
    appCertPem: await leaf(
      `C=CN, O=Sandbox ISV, OU=Alipay, CN=2088000000000000-${keys.appId}`,
      keys.appPublicKeyPem,
      issuer,
    ),
    alipayRootCertPem: `${rootPem}\n${eccRootPem}\n`,
    alipayCertPem: await leaf(
      'C=CN, O=Sandbox Alipay, OU=Alipay, CN=Sandbox Alipay-2088000000000000',
      keys.alipayPublicKeyPem,
      issuer,
    ),
  };
}

export function providerBSandboxSerials(certs: ProviderBSandboxCertificates): ProviderBSandboxSerials {
  return {
    appCertSn: certSn(certs.appCertPem),
    alipayRootCertSn: rootCertSn(certs.alipayRootCertPem),
    alipayCertSn: certSn(certs.alipayCertPem),
  };
}

/**
 * The installation's certificate files: issued by the first instance that needs them, read by the others. Kept
 * apart from the keys so installations made before certificate mode gain them without new keys.
 */
export async function loadOrCreateProviderBCertificates(
  store: SandboxStore,
  keys: ProviderBSandboxKeys,
): Promise<ProviderBSandboxCertificates> {
  const stored = await store.get<ProviderBSandboxCertificates>(KIND, ID);
  // Certificates issued over other keys (a store whose keys were replaced) would never verify: issue anew.
  if (stored && samePublicKey(stored.appCertPem, keys.appPublicKeyPem)) return stored;
  const fresh = await issueProviderBSandboxCertificates(keys);
  if (stored) {
    await store.put(KIND, ID, fresh);
    return fresh;
  }
  return store.create(KIND, ID, fresh);
}

/** Pairs already compared: the files are read on every certificate-mode call, and the answer never changes. */
const matchingPairs = new Set<string>();

function samePublicKey(certPem: string, publicKeyPem: string): boolean {
  const pair = `${certPem}\n${publicKeyPem}`;
  if (matchingPairs.has(pair)) return true;
  const der = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });
  const same = der(new NodeCertificate(certPem).publicKey).equals(der(loadPublicKey(publicKeyPem)));
  if (same) {
    if (matchingPairs.size >= 256) matchingPairs.clear();
    matchingPairs.add(pair);
  }
  return same;
}
