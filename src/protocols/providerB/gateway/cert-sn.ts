import { X509Certificate, createHash } from 'node:crypto';

/**
 * Serials by the text they were read from. Certificate mode sends and checks them on every call, and the files may
 * reach a caller as a fresh copy each time (read from a store), so each call parsed the same certificates again. A
 * certificate's text fixes its serial; the few files of an installation fit easily.
 */
const known = new Map<string, string>();
const MAX_KNOWN = 1024;
function remembered(text: string, compute: (text: string) => string): string {
  let serial = known.get(text);
  if (serial === undefined) {
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(text, (serial = compute(text)));
  }
  return serial;
}

/**
 * Certificate-mode serial numbers (A.8, TV-6): md5 hex of the issuer DN written `CN=..,OU=..,O=..,C=..`
 * (reverse of the certificate's RDN order) followed by the decimal serial number.
 */
export const certSn = (pem: string): string => remembered(pem, readCertSn);

function readCertSn(pem: string): string {
  const cert = new X509Certificate(pem);
  const issuer = cert.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${cert.serialNumber}`).toString(10);
  return createHash('md5')
    .update(issuer + serial, 'utf8')
    .digest('hex');
}

/** Every PEM certificate block of a file, in file order (a root file holds several, a renewed Alipay cert two). */
export function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** True for sha*WithRSA signatures (OID arc 1.2.840.113549.1.1), the only ones the root SN counts. */
export function isRsaSigned(pem: string): boolean {
  return signatureAlgorithmOid(new X509Certificate(pem).raw).startsWith('1.2.840.113549.1.1');
}

/**
 * The root SN joins the SNs of the RSA-signed certificates of the chain file with `_`: the file also holds
 * SM2 and ECC roots, which the SDKs leave out (TV-6).
 */
export const rootCertSn = (chainPem: string): string =>
  remembered(`root\n${chainPem}`, () => pemCertificates(chainPem).filter(isRsaSigned).map(certSn).join('_'));

/** Node's X509Certificate does not expose the signature algorithm, so read it from the DER directly. */
function signatureAlgorithmOid(der: Buffer): string {
  let at = 0;
  const header = () => {
    const tag = der[at++]!;
    let length = der[at++]!;
    if (length & 0x80) {
      const bytes = length & 0x7f;
      length = 0;
      for (let i = 0; i < bytes; i++) length = length * 256 + der[at++]!;
    }
    return { tag, length };
  };
  header(); // Certificate SEQUENCE
  const tbs = header();
  at += tbs.length; // skip tbsCertificate
  header(); // signatureAlgorithm SEQUENCE
  const oid = header();
  const bytes = der.subarray(at, at + oid.length);
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}
