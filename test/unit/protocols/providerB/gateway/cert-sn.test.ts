import { createHash, X509Certificate, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certSn, isRsaSigned, pemCertificates, rootCertSn } from '@/protocols/providerB/gateway/cert-sn';
import { loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { issueProviderBSandboxCertificates } from '@/sandbox/providerB/certificates';
import { loadProviderBSandboxKeys } from '../../../../support/fixture-keys';
import { fixture } from '../../../../support/providerB-fixtures';

// Expected values: the Alipay Node SDK's own test of its certificate utilities (antcertutil.test.ts), over
// the same three published files (docs/upstream/providerB.md TV-6).
describe('certificate serials (TV-6, published vectors)', () => {
  it('app_cert_sn of appCertPublicKey_2021001161683774.crt', () => {
    expect(certSn(fixture('appCertPublicKey_2021001161683774.crt'))).toBe('866efef280dec9137a87d047ac446315');
  });

  it('alipay_cert_sn of alipayCertPublicKey_RSA2.crt', () => {
    expect(certSn(fixture('alipayCertPublicKey_RSA2.crt'))).toBe('7513daaaa48aa3ba2e4018d84402479c');
  });

  it('alipay_root_cert_sn of alipayRootCert.crt counts only its RSA-signed roots', () => {
    const chain = fixture('alipayRootCert.crt');
    expect(rootCertSn(chain)).toBe('687b59193f3f462dd5336e5abf83c5d8_02941eef3187dddf3d3b83462e1dfcf6');
    // Four roots in the file, two of them SM2/ECC-signed: counting every root would give four parts.
    expect(pemCertificates(chain)).toHaveLength(4);
    expect(pemCertificates(chain).filter(isRsaSigned)).toHaveLength(2);
  });

  it('is md5(issuer DN in reverse RDN order + decimal serial)', () => {
    const pem = fixture('alipayCertPublicKey_RSA2.crt');
    const cert = new X509Certificate(pem);
    const issuer =
      'CN=Ant Financial Certification Authority Class 2 R1,OU=Certification Authority,O=Ant Financial,C=CN';
    const serial = BigInt(`0x${cert.serialNumber}`).toString(10);
    expect(certSn(pem)).toBe(
      createHash('md5')
        .update(issuer + serial)
        .digest('hex'),
    );
  });
});

describe('the sandbox-issued certificate set', () => {
  it('is over the installation keys, and its root SN leaves the ECDSA root out', async () => {
    const keys = loadProviderBSandboxKeys();
    const certs = await issueProviderBSandboxCertificates(keys);
    const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');
    const certKey = (pem: string) => spki(new X509Certificate(pem).publicKey);
    expect(certKey(certs.appCertPem)).toBe(spki(loadPublicKey(keys.appPublicKeyPem)));
    expect(certKey(certs.alipayCertPem)).toBe(spki(loadPublicKey(keys.alipayPublicKeyPem)));
    const roots = pemCertificates(certs.alipayRootCertPem);
    expect(roots).toHaveLength(2);
    expect(roots.map(isRsaSigned)).toEqual([true, false]);
    expect(rootCertSn(certs.alipayRootCertPem)).toBe(certSn(roots[0]!));
    const root = new X509Certificate(roots[0]!);
    expect(new X509Certificate(certs.appCertPem).verify(root.publicKey)).toBe(true);
    expect(new X509Certificate(certs.alipayCertPem).verify(root.publicKey)).toBe(true);
    expect(certSn(certs.appCertPem)).toMatch(/^[0-9a-f]{32}$/);
    expect(certSn(certs.appCertPem)).not.toBe(certSn(certs.alipayCertPem));
  });
});
