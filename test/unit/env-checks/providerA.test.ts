import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerALiveProblems } from '@/env-checks/providerA';

const fixture = (provider: string, name: string) =>
  readFileSync(join(process.cwd(), 'test/fixtures/upstream-keys', provider, name), 'utf8');

// The published merchant certificate and its key (TV-0); the platform pair is another key.
const merchantCert = fixture('providerA', 'merchant-apiclient-cert.pem');
const merchantKey = fixture('providerA', 'merchant-apiclient-key.pem');
const platformPublicKey = fixture('providerA', 'platform-public-key.pem');
const certificate = new X509Certificate(merchantCert);
const subjectMchId = /CN=(\d+)/.exec(certificate.subject)?.[1];

const valid = {
  PROVIDER_A_PAY_VERIFY_MODE: 'both' as const,
  PROVIDER_A_MCH_ID: subjectMchId ?? '1900013511',
  PROVIDER_A_MERCHANT_SERIAL_NO: certificate.serialNumber,
  PROVIDER_A_MERCHANT_PRIVATE_KEY: merchantKey,
  PROVIDER_A_MERCHANT_CERTIFICATE: merchantCert,
  PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
  PROVIDER_A_PLATFORM_PUBLIC_KEY: platformPublicKey,
  PROVIDER_A_APIV3_KEY: 'A'.repeat(32),
  PROVIDER_A_COMPONENT_APPID: 'wx0123456789abcdef',
  PROVIDER_A_COMPONENT_SECRET: '0123456789abcdef0123456789abcdef',
  PROVIDER_A_COMPONENT_TOKEN: 'token123',
  PROVIDER_A_COMPONENT_AES_KEY: 'a'.repeat(43),
};
// The published certificate may be past its validity by now: judge the rest at a time inside it.
const inside = new Date((Date.parse(certificate.validFrom) + Date.parse(certificate.validTo)) / 2);
const otherKey = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

describe('WeChat live variables at start', () => {
  it('a consistent configuration has no problem', () => {
    expect(providerALiveProblems(valid, inside)).toEqual([]);
  });

  it('a private key that does not belong to the merchant certificate is named, with the serial', () => {
    expect(providerALiveProblems({ ...valid, PROVIDER_A_MERCHANT_PRIVATE_KEY: otherKey.privateKey }, inside)).toEqual([
      `PROVIDER_A_MERCHANT_PRIVATE_KEY: does not match PROVIDER_A_MERCHANT_CERTIFICATE (serial ${certificate.serialNumber.toUpperCase()}): give the apiclient_key.pem downloaded with that certificate`,
    ]);
  });

  it('a serial that is not the certificate’s, an expired certificate, a short APIv3 key, a malformed key id', () => {
    const lines = providerALiveProblems(
      {
        ...valid,
        PROVIDER_A_MERCHANT_SERIAL_NO: 'ABCDEF0123',
        PROVIDER_A_APIV3_KEY: 'too-short',
        PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: 'PUB_0114',
      },
      new Date(Date.parse(certificate.validTo) + 86_400_000),
    );
    expect(lines).toContain(
      `PROVIDER_A_MERCHANT_SERIAL_NO: ABCDEF0123 is not the serial of PROVIDER_A_MERCHANT_CERTIFICATE (${certificate.serialNumber.toUpperCase()})`,
    );
    expect(lines.some((l) => l.startsWith('PROVIDER_A_MERCHANT_CERTIFICATE: expired on '))).toBe(true);
    expect(lines).toContain(
      'PROVIDER_A_APIV3_KEY: must be the 32-character APIv3 key set in the merchant platform (this one has 9 bytes)',
    );
    expect(
      lines.some((l) => l.startsWith('PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: must be the WeChat Pay public key id')),
    ).toBe(true);
  });

  it('each mode requires its own variables', () => {
    const {
      PROVIDER_A_APIV3_KEY: _k,
      PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: _i,
      PROVIDER_A_PLATFORM_PUBLIC_KEY: _p,
      ...rest
    } = valid;
    expect(providerALiveProblems({ ...rest, PROVIDER_A_PAY_VERIFY_MODE: 'public_key' }, inside)).toEqual([
      'PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: required with UPSTREAM_MODE=live',
      'PROVIDER_A_PLATFORM_PUBLIC_KEY: required with UPSTREAM_MODE=live',
    ]);
    expect(providerALiveProblems({ ...rest, PROVIDER_A_PAY_VERIFY_MODE: 'platform_certificate' }, inside)).toEqual([
      'PROVIDER_A_APIV3_KEY: required with PROVIDER_A_PAY_VERIFY_MODE=platform_certificate',
    ]);
  });

  it('the merchant’s own public key given as WeChat Pay’s is named as the mix-up it is', () => {
    const ownPublic = certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(providerALiveProblems({ ...valid, PROVIDER_A_PLATFORM_PUBLIC_KEY: ownPublic }, inside)).toEqual([
      "PROVIDER_A_PLATFORM_PUBLIC_KEY: is the merchant's own public key: give WeChat Pay's public key (pub_key.pem), not apiclient's",
    ]);
  });
});
