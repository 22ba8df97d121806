import { randomBytes, X509Certificate } from 'node:crypto';
import { ProtocolFormatError } from '@/protocols/protocol-error';
import { decryptAeadAes256Gcm, encryptAeadAes256Gcm } from './aead';

/**
 * `GET /v3/certificates` (docs/upstream/providerA.md A.4): the platform certificates of a merchant, each
 * encrypted with its APIv3 key. Both sides use this module: the client decrypts and checks, the sandbox builds.
 */

export const CERTIFICATES_PATH = '/v3/certificates';
/** WeChat's fixed associated data for certificate ciphertexts (A.6). */
export const CERTIFICATE_ASSOCIATED_DATA = 'certificate';

/** A decrypted, checked platform certificate. Times are ISO 8601 as WeChat sends them. */
export type PlatformCertificate = {
  /** Upper-case hex, as in `Wechatpay-Serial`. */
  serialNo: string;
  pem: string;
  effectiveTime: string;
  expireTime: string;
};

/** Public-key ids name a platform public key, never a certificate (A.4). */
export const isPublicKeyId = (serial: string) => serial.startsWith('PUB_KEY_ID_');

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw new ProtocolFormatError(`certificate entry without ${name}`);
  return value;
};

/**
 * Decrypts and checks every entry of a `/v3/certificates` answer. Throws ProtocolFormatError naming the
 * first problem: not the expected JSON, a ciphertext the APIv3 key does not open (the usual cause: a wrong
 * PROVIDER_A_APIV3_KEY), a certificate whose serial is not the listed one, or one outside its validity window.
 * Certificates not yet effective are kept (WeChat lists the next one ahead of a rotation); expired ones are
 * refused, so a list holding nothing usable is an error rather than a silent failure on the next answer.
 */
export function decryptCertificatesResponse(bodyText: string, apiV3Key: string, now: Date): PlatformCertificate[] {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    throw new ProtocolFormatError('the certificate list is not JSON');
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length === 0) throw new ProtocolFormatError('the certificate list is empty');
  const certificates: PlatformCertificate[] = [];
  for (const entry of data as Record<string, unknown>[]) {
    const serialNo = text(entry.serial_no, 'serial_no').toUpperCase();
    const sealed = (entry.encrypt_certificate ?? {}) as Record<string, unknown>;
    if (sealed.algorithm !== 'AEAD_AES_256_GCM')
      throw new ProtocolFormatError(`certificate ${serialNo}: unsupported algorithm ${String(sealed.algorithm)}`);
    let pem: string;
    try {
      pem = decryptAeadAes256Gcm({
        key: apiV3Key,
        nonce: text(sealed.nonce, 'nonce'),
        associatedData: typeof sealed.associated_data === 'string' ? sealed.associated_data : '',
        ciphertext: text(sealed.ciphertext, 'ciphertext'),
      });
    } catch (error) {
      if (error instanceof ProtocolFormatError) throw error;
      throw new ProtocolFormatError(
        `certificate ${serialNo} does not decrypt with the APIv3 key (a wrong key, or the answer was altered)`,
      );
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new ProtocolFormatError(`certificate ${serialNo} is not a PEM X.509 certificate`);
    }
    if (certificate.serialNumber.toUpperCase() !== serialNo)
      throw new ProtocolFormatError(`certificate listed as ${serialNo} carries serial ${certificate.serialNumber}`);
    if (Date.parse(certificate.validTo) <= now.getTime())
      throw new ProtocolFormatError(
        `certificate ${serialNo} expired on ${new Date(certificate.validTo).toISOString()}`,
      );
    if (certificate.publicKey.asymmetricKeyType !== 'rsa')
      throw new ProtocolFormatError(`certificate ${serialNo} is not an RSA certificate (request algorithm_type=RSA)`);
    certificates.push({
      serialNo,
      pem,
      effectiveTime: typeof entry.effective_time === 'string' ? entry.effective_time : certificate.validFrom,
      expireTime: typeof entry.expire_time === 'string' ? entry.expire_time : certificate.validTo,
    });
  }
  return certificates;
}

/** The certificate to encrypt with: the newest one already in effect (A.4); undefined when none is. */
export function newestEffectiveCertificate<T extends PlatformCertificate>(
  certificates: readonly T[],
  now: Date,
): T | undefined {
  const effective = certificates.filter(
    (c) => Date.parse(c.effectiveTime) <= now.getTime() && Date.parse(c.expireTime) > now.getTime(),
  );
  return effective.reduce<T | undefined>(
    (newest, c) => (!newest || Date.parse(c.effectiveTime) > Date.parse(newest.effectiveTime) ? c : newest),
    undefined,
  );
}

/** The answer WeChat sends (the sandbox's side): each certificate sealed with the APIv3 key under a fresh nonce. */
export function buildCertificatesResponse(certificates: readonly PlatformCertificate[], apiV3Key: string): string {
  return JSON.stringify({
    data: certificates.map((c) => {
      const nonce = randomBytes(6).toString('hex');
      return {
        serial_no: c.serialNo,
        effective_time: c.effectiveTime,
        expire_time: c.expireTime,
        encrypt_certificate: {
          algorithm: 'AEAD_AES_256_GCM',
          nonce,
          associated_data: CERTIFICATE_ASSOCIATED_DATA,
          ciphertext: encryptAeadAes256Gcm({
            key: apiV3Key,
            nonce,
            associatedData: CERTIFICATE_ASSOCIATED_DATA,
            plaintext: c.pem,
          }),
        },
      };
    }),
  });
}
