import { describe, expect, it } from 'vitest';
import { validLiveEnv } from '../../../../support/live-env';
import { useEnv } from '../../../../support/scoped-env';
import { validateRedirectUri } from '@/server/services/mini-programs/validate-redirect-uri';

const liveVariables = validLiveEnv();
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
