import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueProviderBSandboxCertificates, type ProviderBSandboxCertificates } from '@/sandbox/providerB/certificates';
import { providerBLiveProblems } from '@/env-checks/providerB';
import { validateProviderBConfig, type ProviderBEnv } from '@/server/upstreams/validate-provider-b';
import { loadProviderBSandboxKeys } from '../../../support/fixture-keys';
import { fixture } from '../../../support/providerB-fixtures';

const keys = loadProviderBSandboxKeys();
let certs: ProviderBSandboxCertificates;
let otherSet: ProviderBSandboxCertificates;
beforeAll(async () => {
  certs = await issueProviderBSandboxCertificates(keys);
  otherSet = await issueProviderBSandboxCertificates(keys);
});

const certificateMode = (overrides: Partial<ProviderBEnv> = {}): ProviderBEnv => ({
  PROVIDER_B_APP_ID: keys.appId,
  PROVIDER_B_APP_PRIVATE_KEY: keys.appPrivateKeyPem,
  PROVIDER_B_APP_CERT: certs.appCertPem,
  PROVIDER_B_ALIPAY_ROOT_CERT: certs.alipayRootCertPem,
  PROVIDER_B_ALIPAY_CERT: certs.alipayCertPem,
  ...overrides,
});

describe('validateProviderBConfig, certificate mode', () => {
  it('accepts a matching set, given as text or as file paths', () => {
    expect(validateProviderBConfig(certificateMode())).toEqual([]);
    // Alipay's own root file holds SM2 and ECC roots beside the RSA ones: all roots, none refused.
    expect(
      validateProviderBConfig(certificateMode({ PROVIDER_B_ALIPAY_ROOT_CERT: fixture('alipayRootCert.crt') })),
    ).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'alipay-certs-'));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const fromFiles = certificateMode({
      PROVIDER_B_APP_PRIVATE_KEY: write('app-private-key.pem', keys.appPrivateKeyPem),
      PROVIDER_B_APP_CERT: write(`appCertPublicKey_${keys.appId}.crt`, certs.appCertPem),
      PROVIDER_B_ALIPAY_ROOT_CERT: write('alipayRootCert.crt', certs.alipayRootCertPem),
      PROVIDER_B_ALIPAY_CERT: write('alipayCertPublicKey_RSA2.crt', certs.alipayCertPem),
    });
    expect(validateProviderBConfig(fromFiles)).toEqual([]);
    expect(validateProviderBConfig({ ...fromFiles, PROVIDER_B_ALIPAY_CERT: join(dir, 'missing.crt') })).toEqual([
      `PROVIDER_B_ALIPAY_CERT: no file at ${join(dir, 'missing.crt')} (give the PEM text or the path of the file)`,
    ]);
  });

  it('names a certificate for another key, of another app, and expired', () => {
    // The published app certificate: another key, app 2021001161683774, valid until 2022-05-18.
    const problems = validateProviderBConfig(
      certificateMode({ PROVIDER_B_APP_CERT: fixture('appCertPublicKey_2021001161683774.crt') }),
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^PROVIDER_B_APP_CERT: certifies another key than PROVIDER_B_APP_PRIVATE_KEY/);
    expect(problems[1]).toBe(
      `PROVIDER_B_APP_CERT: issued for app 2021001161683774, but PROVIDER_B_APP_ID is ${keys.appId}`,
    );
    expect(problems[2]).toMatch(/^PROVIDER_B_APP_CERT: expired on 2022-05-18; renew/);
  });

  it('names an expired Alipay certificate and accepts it once the time is right', () => {
    const published = fixture('alipayCertPublicKey_RSA2.crt');
    const env = certificateMode({ PROVIDER_B_ALIPAY_CERT: published });
    expect(validateProviderBConfig(env)).toEqual([
      expect.stringMatching(/^PROVIDER_B_ALIPAY_CERT: expired on \d{4}-\d{2}-\d{2}; download Alipay’s current/),
    ]);
    expect(validateProviderBConfig(env, new Date('2021-01-01T00:00:00Z'))).toEqual([
      expect.stringMatching(/^PROVIDER_B_APP_CERT: not valid before/),
    ]);
  });

  it('names swapped files and a root file of another set', () => {
    expect(validateProviderBConfig(certificateMode({ PROVIDER_B_ALIPAY_CERT: certs.alipayRootCertPem }))).toEqual([
      expect.stringMatching(/^PROVIDER_B_ALIPAY_CERT: this is a root certificate/),
    ]);
    expect(validateProviderBConfig(certificateMode({ PROVIDER_B_ALIPAY_ROOT_CERT: certs.alipayCertPem }))).toEqual([
      expect.stringMatching(/^PROVIDER_B_ALIPAY_ROOT_CERT: holds a certificate that is not a root/),
    ]);
    expect(validateProviderBConfig(certificateMode({ PROVIDER_B_ALIPAY_CERT: certs.appCertPem }))).toEqual([
      expect.stringMatching(/^PROVIDER_B_ALIPAY_CERT: this certifies your app's own key/),
    ]);
    const mixed = validateProviderBConfig(certificateMode({ PROVIDER_B_ALIPAY_ROOT_CERT: otherSet.alipayRootCertPem }));
    expect(mixed).toEqual([
      expect.stringMatching(/^PROVIDER_B_APP_CERT: names .* as issuer but does not carry its signature/),
      expect.stringMatching(/^PROVIDER_B_ALIPAY_CERT: names .* as issuer but does not carry its signature/),
    ]);
    expect(validateProviderBConfig(certificateMode({ PROVIDER_B_APP_CERT: 'not a certificate' }))).toEqual([
      'PROVIDER_B_APP_CERT: no file at not a certificate (give the PEM text or the path of the file)',
    ]);
  });
});

describe('validateProviderBConfig, public-key mode', () => {
  it('leaves the key pair to the one check in env-checks (nothing reported twice)', () => {
    const env = {
      PROVIDER_B_APP_ID: keys.appId,
      PROVIDER_B_APP_PRIVATE_KEY: keys.appPrivateKeyPem,
      PROVIDER_B_ALIPAY_PUBLIC_KEY: keys.appPublicKeyPem,
    };
    expect(validateProviderBConfig(env)).toEqual([]);
    expect(providerBLiveProblems(env)).toEqual([
      expect.stringMatching(/^PROVIDER_B_ALIPAY_PUBLIC_KEY: is the application's own public key/),
    ]);
  });
});
