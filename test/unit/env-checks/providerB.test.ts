import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerBLiveProblems } from '@/env-checks/providerB';

const fixture = (name: string) =>
  readFileSync(join(process.cwd(), 'test/fixtures/upstream-keys/providerB', name), 'utf8');

describe('Alipay live variables at start (public-key mode)', () => {
  const app = fixture('app-private-key.pem');
  const alipay = fixture('alipay-public-key.pem');
  it('a consistent configuration has no problem; a wrong app id and a swapped key are named', () => {
    expect(
      providerBLiveProblems({
        PROVIDER_B_APP_ID: '2021001161683774',
        PROVIDER_B_APP_PRIVATE_KEY: app,
        PROVIDER_B_ALIPAY_PUBLIC_KEY: alipay,
      }),
    ).toEqual([]);
    expect(
      providerBLiveProblems({
        PROVIDER_B_APP_ID: '20210011',
        PROVIDER_B_APP_PRIVATE_KEY: app,
        PROVIDER_B_ALIPAY_PUBLIC_KEY: fixture('app-public-key.pem'),
      }),
    ).toEqual([
      'PROVIDER_B_APP_ID: must be the Alipay application id: 16 digits, e.g. 2021001161683774',
      "PROVIDER_B_ALIPAY_PUBLIC_KEY: is the application's own public key: give the Alipay public key (支付宝公钥), not the application public key",
    ]);
    expect(
      providerBLiveProblems({ PROVIDER_B_APP_ID: '2021001161683774', PROVIDER_B_APP_PRIVATE_KEY: 'nonsense' }),
    ).toEqual([
      'PROVIDER_B_ALIPAY_PUBLIC_KEY: required with UPSTREAM_MODE=live (or certificate mode: PROVIDER_B_APP_CERT, PROVIDER_B_ALIPAY_ROOT_CERT, PROVIDER_B_ALIPAY_CERT)',
      // Not PEM text: read as the path of the key file Alipay's tool wrote.
      'PROVIDER_B_APP_PRIVATE_KEY: no file at nonsense (give the PEM text or the path of the file)',
    ]);
  });

  it('names an app key that is PEM-shaped but not a key', () => {
    expect(
      providerBLiveProblems({
        PROVIDER_B_APP_ID: '2021001161683774',
        PROVIDER_B_APP_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
        PROVIDER_B_ALIPAY_PUBLIC_KEY: alipay,
      }),
    ).toEqual([
      'PROVIDER_B_APP_PRIVATE_KEY: is not a readable private key (PEM "-----BEGIN PRIVATE KEY-----…", or its Base64 body); it is the application private key (RSA2)',
    ]);
  });

  it('certificate mode needs its three certificates instead of the Alipay public key', () => {
    expect(
      providerBLiveProblems({
        PROVIDER_B_APP_ID: '2021001161683774',
        PROVIDER_B_APP_PRIVATE_KEY: app,
        PROVIDER_B_APP_CERT: fixture('app-private-key.pem'),
      }),
    ).toEqual([
      'PROVIDER_B_ALIPAY_ROOT_CERT: required in Alipay certificate mode (another PROVIDER_B_*_CERT is set)',
      'PROVIDER_B_ALIPAY_CERT: required in Alipay certificate mode (another PROVIDER_B_*_CERT is set)',
    ]);
  });
});
