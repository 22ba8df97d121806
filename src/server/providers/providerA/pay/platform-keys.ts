import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { ProviderAPlatformKeys } from './types';

/**
 * The platform keys parsed once: lookup by `Wechatpay-Serial` for verification, and the one key (with its
 * serial) that encrypts sensitive fields (docs/upstream/providerA.md A.4).
 */
export type PlatformKeyRing = {
  /** Serial or public-key id → public key. Certificate serials are matched case-insensitively. */
  find(serial: string): KeyObject | undefined;
  encryption: { serial: string; key: KeyObject };
};

export function createPlatformKeyRing(platform: ProviderAPlatformKeys): PlatformKeyRing {
  if (platform.mode === 'publicKey') {
    const key = createPublicKey(platform.publicKeyPem);
    return {
      find: (serial) => (serial === platform.publicKeyId ? key : undefined),
      encryption: { serial: platform.publicKeyId, key },
    };
  }
  if (platform.certificates.length === 0) throw new Error('providerA: at least one platform certificate is required');
  const entries = platform.certificates.map((c) => {
    const cert = new X509Certificate(c.pem);
    return { serial: c.serialNo.toUpperCase(), key: cert.publicKey, validFrom: Date.parse(cert.validFrom) };
  });
  // During rotation several certificates are valid; WeChat asks to encrypt with the newest one.
  const newest = entries.reduce((a, b) => (b.validFrom > a.validFrom ? b : a));
  return {
    find: (serial) => entries.find((e) => e.serial === serial.toUpperCase())?.key,
    encryption: { serial: newest.serial, key: newest.key },
  };
}
