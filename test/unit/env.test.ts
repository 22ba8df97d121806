import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '@/env';

function problems(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('environment validation', () => {
  it('runs embedded with nothing set, generating secrets later', () => {
    const env = parseEnv({});
    expect(env.embedded).toBe(true);
    expect(env.UPSTREAM_MODE).toBe('sandbox');
    expect(env.PORT).toBe(3000);
  });

  it('names each missing secret on its own line when DATABASE_URL is set', () => {
    expect(problems({ DATABASE_URL: 'postgres://localhost/x' })).toEqual([
      'SESSION_SECRET: required with DATABASE_URL',
      'DATA_ENCRYPTION_KEY: required with DATABASE_URL',
    ]);
  });

  it('requires the upstream credentials in live mode', () => {
    const lines = problems({ UPSTREAM_MODE: 'live' });
    expect(lines).toContain('PROVIDER_A_MCH_ID: required with UPSTREAM_MODE=live');
    expect(lines).toContain('PROVIDER_B_APP_PRIVATE_KEY: required with UPSTREAM_MODE=live');
    expect(lines).toContain('SESSION_SECRET: required with UPSTREAM_MODE=live');
  });

  it('Alipay: the public key in public-key mode, all three certificates in certificate mode', () => {
    const providerB = (lines: string[]) => lines.filter((l) => l.startsWith('PROVIDER_B_'));
    expect(providerB(problems({ UPSTREAM_MODE: 'live' }))).toEqual([
      'PROVIDER_B_APP_ID: required with UPSTREAM_MODE=live',
      'PROVIDER_B_APP_PRIVATE_KEY: required with UPSTREAM_MODE=live',
      'PROVIDER_B_ALIPAY_PUBLIC_KEY: required with UPSTREAM_MODE=live (or certificate mode: PROVIDER_B_APP_CERT, PROVIDER_B_ALIPAY_ROOT_CERT, PROVIDER_B_ALIPAY_CERT)',
    ]);
    expect(providerB(problems({ UPSTREAM_MODE: 'live', PROVIDER_B_APP_CERT: '/etc/app.crt' }))).toEqual([
      'PROVIDER_B_APP_ID: required with UPSTREAM_MODE=live',
      'PROVIDER_B_APP_PRIVATE_KEY: required with UPSTREAM_MODE=live',
      'PROVIDER_B_ALIPAY_ROOT_CERT: required in Alipay certificate mode (another PROVIDER_B_*_CERT is set)',
      'PROVIDER_B_ALIPAY_CERT: required in Alipay certificate mode (another PROVIDER_B_*_CERT is set)',
    ]);
    expect(problems({ PROVIDER_B_GATEWAY_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^PROVIDER_B_GATEWAY_URL:/),
    ]);
  });

  it('refuses malformed values, naming the variable', () => {
    const lines = problems({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DATA_ENCRYPTION_KEY: 'short' });
    expect(lines.some((l) => l.startsWith('PORT:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('DATABASE_URL:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('DATA_ENCRYPTION_KEY:'))).toBe(true);
  });

  it('trusts no forwarding header by default; TRUSTED_PROXY_HOPS takes a small whole number', () => {
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: '2' }).TRUSTED_PROXY_HOPS).toBe(2);
    for (const bad of ['-1', '1.5', 'yes', '11'])
      expect(problems({ TRUSTED_PROXY_HOPS: bad })[0]).toMatch(/^TRUSTED_PROXY_HOPS:/);
  });

  it('SHUTDOWN_TIMEOUT_MS: 25 s by default; whole milliseconds from 1 s to 10 min, else one line naming it', () => {
    expect(parseEnv({}).SHUTDOWN_TIMEOUT_MS).toBe(25_000);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: '1000' }).SHUTDOWN_TIMEOUT_MS).toBe(1000);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: '600000' }).SHUTDOWN_TIMEOUT_MS).toBe(600_000);
    for (const bad of ['999', '600001', '2.5', 'ten', '-1'])
      expect(problems({ SHUTDOWN_TIMEOUT_MS: bad })).toEqual([
        'SHUTDOWN_TIMEOUT_MS: must be whole milliseconds from 1000 to 600000',
      ]);
  });

  it('ALLOW_PRIVATE_WEBHOOK_URLS: off unless 1; anything but 0 or 1 is refused, naming the variable', () => {
    expect(parseEnv({}).ALLOW_PRIVATE_WEBHOOK_URLS).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_WEBHOOK_URLS: '0' }).ALLOW_PRIVATE_WEBHOOK_URLS).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }).ALLOW_PRIVATE_WEBHOOK_URLS).toBe(true);
    expect(problems({ ALLOW_PRIVATE_WEBHOOK_URLS: 'true' })).toEqual([
      'ALLOW_PRIVATE_WEBHOOK_URLS: must be 1 (allow private notify URLs, for local development) or 0',
    ]);
  });

  it('mail: file transport by default; smtp needs SMTP_URL and MAIL_FROM, each named on its own line', () => {
    expect(parseEnv({}).MAIL_TRANSPORT).toBe('file');
    expect(problems({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      'SMTP_URL: required with MAIL_TRANSPORT=smtp',
      'MAIL_FROM: required with MAIL_TRANSPORT=smtp',
    ]);
    expect(problems({ MAIL_TRANSPORT: 'sendmail' })[0]).toMatch(/^MAIL_TRANSPORT: /);
    expect(problems({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'mail.example.com:25', MAIL_FROM: 'a@b.c' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    ]);
    expect(
      parseEnv({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'No reply <a@b.c>' })
        .MAIL_TRANSPORT,
    ).toBe('smtp');
  });
});
