import { describe, expect, it } from 'vitest';
import {
  buildCertificatesResponse,
  decryptCertificatesResponse,
  newestEffectiveCertificate,
  type PlatformCertificate,
} from '@/protocols/providerA/pay/platform-certificates';
import { issuePlatformCertificate } from '@/sandbox/providerA/pay/platform-certificates';

const key = 'abcdefghijklmnopqrstuvwxyz012345';
const now = new Date();

describe('/v3/certificates', () => {
  it('round-trips: what the sandbox seals with the APIv3 key decrypts to the same certificates', async () => {
    const issued = await issuePlatformCertificate(now);
    const body = buildCertificatesResponse([issued], key);
    const parsed = JSON.parse(body) as { data: { encrypt_certificate: Record<string, string> }[] };
    expect(parsed.data[0]!.encrypt_certificate).toMatchObject({
      algorithm: 'AEAD_AES_256_GCM',
      associated_data: 'certificate',
    });
    expect(parsed.data[0]!.encrypt_certificate.nonce).toHaveLength(12);
    expect(body).not.toContain('BEGIN CERTIFICATE');
    const [certificate] = decryptCertificatesResponse(body, key, now);
    expect(certificate).toEqual({
      serialNo: issued.serialNo,
      pem: issued.pem,
      effectiveTime: issued.effectiveTime,
      expireTime: issued.expireTime,
    });
  });

  it('names each reason to refuse a list: the wrong key, a serial that is not the certificate’s, an expired one', async () => {
    const issued = await issuePlatformCertificate(now);
    const body = buildCertificatesResponse([issued], key);
    expect(() => decryptCertificatesResponse(body, 'Z'.repeat(32), now)).toThrow(
      `certificate ${issued.serialNo} does not decrypt with the APIv3 key`,
    );
    const relabelled = body.replace(issued.serialNo, 'ABCDEF');
    expect(() => decryptCertificatesResponse(relabelled, key, now)).toThrow(/listed as ABCDEF carries serial/);
    expect(() => decryptCertificatesResponse(body, key, new Date(Date.parse(issued.expireTime) + 1000))).toThrow(
      /expired on/,
    );
    expect(() => decryptCertificatesResponse('{"data":[]}', key, now)).toThrow(/empty/);
    expect(() => decryptCertificatesResponse('<html>', key, now)).toThrow(/not JSON/);
  });

  it('encrypts with the newest certificate already in effect, not one announced for later', () => {
    const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString();
    const cert = (serialNo: string, from: number, to: number): PlatformCertificate => ({
      serialNo,
      pem: '',
      effectiveTime: at(from),
      expireTime: at(to),
    });
    const list = [cert('OLD', -400, 30), cert('CURRENT', -10, 1000), cert('NEXT', 5, 2000), cert('GONE', -900, -1)];
    expect(newestEffectiveCertificate(list, now)?.serialNo).toBe('CURRENT');
    expect(newestEffectiveCertificate([cert('NEXT', 5, 2000)], now)).toBeUndefined();
  });
});
