import { describe, expect, it } from 'vitest';
import { useEnv } from '../../../../support/scoped-env';
import { validateRedirectUri } from '@/server/services/mini-programs/validate-redirect-uri';

const liveVariables = {
  UPSTREAM_MODE: 'live',
  SESSION_SECRET: 'x'.repeat(32),
  DATA_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  ...Object.fromEntries(
    [
      'A_MCH_ID',
      'A_MERCHANT_SERIAL_NO',
      'A_MERCHANT_PRIVATE_KEY',
      'A_PLATFORM_PUBLIC_KEY_ID',
      'A_PLATFORM_PUBLIC_KEY',
      'A_COMPONENT_APPID',
      'A_COMPONENT_SECRET',
      'A_COMPONENT_TOKEN',
      'A_COMPONENT_AES_KEY',
      'B_APP_ID',
      'B_APP_PRIVATE_KEY',
      'B_ALIPAY_PUBLIC_KEY',
    ].map((name) => [`PROVIDER_${name}`, 'configured']),
  ),
};
const refusal = (value: string) => {
  try {
    validateRedirectUri(value, undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('redirectUri in live mode (no redirects into the seller’s own machine or network)', () => {
  useEnv(liveVariables);

  it('refuses http, localhost names and private or link-local literals', () => {
    expect(refusal('http://localhost:3000/done')).toContain('must use https');
    for (const url of [
      'https://localhost/done',
      'https://app.localhost/done',
      'https://127.0.0.1/done',
      'https://[::1]/done',
      'https://192.168.0.1/done',
      'https://169.254.169.254/',
      'https://2130706433/done',
    ]) {
      expect(refusal(url), url).toContain('public host in live mode');
    }
  });

  it('accepts a public https host', () => {
    expect(refusal('https://shop.example.com/after-authorization')).toBeNull();
  });
});

describe('redirectUri in sandbox mode', () => {
  it('still allows http://localhost for local integrations', () => {
    expect(refusal('http://localhost:3000/done')).toBeNull();
  });
});
