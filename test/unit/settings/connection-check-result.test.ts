/**
 * Issue 28 item 11: the upstream connection check in the console speaks the operator's language. Every outcome and
 * remedy code has a message in both catalogs, and a check result rendered in Chinese shows Latin only inside code
 * (variables, file names, calls, the upstream's own message).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConnectionCheckResult } from '@/components/settings/connection-check-result';
import { connectionOutcomeCodes, connectionRemedyCodes } from '@/domain/connection-check-outcomes';
import { en, type MessageKey } from '@/i18n/messages/en';
import { zhCN } from '@/i18n/messages/zh-CN';
import { translator } from '@/i18n/translate';
import type { ConnectionCheck } from '@/server/upstreams/connection-checks';

const keys = [
  ...connectionOutcomeCodes.map((code) => `settings.doctor.outcome.${code}`),
  ...connectionRemedyCodes.map((code) => `settings.doctor.remedy.${code}`),
];

const render = (check: ConnectionCheck, locale: 'zh-CN' | 'en') =>
  renderToStaticMarkup(createElement(ConnectionCheckResult, { check, t: translator(locale) }));

/** Latin words outside `<code>`, as the console's Chinese-text scan counts them (acronyms such as API pass). */
const latinWords = (html: string) =>
  (prose(html).match(/[A-Za-z][A-Za-z_]+/g) ?? []).filter((word) => word !== word.toUpperCase() && word !== 'AppID');

/** The visible text outside `<code>`, tags removed. */
const prose = (html: string) =>
  html
    .replace(/<code>.*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');

const failed: ConnectionCheck = {
  upstream: 'providerA.pay',
  call: 'GET /v3/certificates, then GET /v3/applyment4sub/applyment/business_code/doctor_…',
  requests: ['GET /v3/certificates', 'GET /v3/applyment4sub/applyment/business_code/doctor_…'],
  ok: false,
  detail: 'WeChat Pay signed with a public key this service does not have (unknown Wechatpay-Serial PUB_KEY_ID_01)',
  outcome: { code: 'pay.unknown_public_key' },
  variable: 'PROVIDER_A_PLATFORM_PUBLIC_KEY_ID',
  fix: 'the public key id (PUB_KEY_ID_…) and key shown in the merchant platform under API security; PROVIDER_A_PAY_VERIFY_MODE=public_key or both',
  remedy: { code: 'pay.public_key_id' },
  upstreamMessage: 'unknown Wechatpay-Serial PUB_KEY_ID_01',
};

const verified: ConnectionCheck = {
  upstream: 'providerA.pay',
  call: 'GET /v3/certificates, then …',
  requests: ['GET /v3/certificates'],
  ok: true,
  detail: '1 platform certificate(s) downloaded and stored (newest 5157F0, expires 2031-01-01T00:00:00+08:00); …',
  outcome: {
    code: 'pay.certificates_verified',
    params: { count: '1', newest: '5157F0', expires: '2031-01-01T00:00:00+08:00' },
  },
};

describe('connection check codes', () => {
  it('every outcome and remedy code has a message in zh-CN and en', () => {
    expect(keys.filter((key) => !(key in zhCN))).toEqual([]);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('no message of the catalogs names a code the server does not send', () => {
    const known = new Set(keys);
    const stray = Object.keys(en).filter((key) => /^settings\.doctor\.(outcome|remedy)\./.test(key) && !known.has(key));
    expect(stray).toEqual([]);
  });

  it('says every code in Chinese with Latin only in code', () => {
    const t = translator('zh-CN');
    const offending = connectionRemedyCodes.flatMap((code) => {
      const check: ConnectionCheck = { ...failed, remedy: { code }, upstreamMessage: undefined };
      return latinWords(render(check, 'zh-CN')).map((word) => `${code}: ${word}`);
    });
    const outcomes = connectionOutcomeCodes.flatMap((code) => {
      const names = [...t(`settings.doctor.outcome.${code}` as MessageKey).matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((name) => [name, 'value1']));
      const check: ConnectionCheck = { ...verified, outcome: { code, params } };
      return latinWords(render(check, 'zh-CN')).map((word) => `${code}: ${word}`);
    });
    expect([...offending, ...outcomes]).toEqual([]);
  });

  it('renders a failed check in Chinese: Latin only in code, the upstream message quoted, the fix translated', () => {
    const html = render(failed, 'zh-CN');
    expect(latinWords(html)).toEqual([]);
    expect(html).toContain(zhCN['settings.doctor.outcome.pay.unknown_public_key' as MessageKey]);
    expect(html).toContain('上游原文： <code>unknown Wechatpay-Serial PUB_KEY_ID_01</code>');
    expect(html).toContain('修复 <code>PROVIDER_A_PLATFORM_PUBLIC_KEY_ID</code>：商户平台');
    expect(html).toContain('<code>PROVIDER_A_PAY_VERIFY_MODE=public_key</code>');
    expect(html).not.toContain(failed.detail);
  });

  it('renders a verified check in Chinese with its values as code', () => {
    const html = render(verified, 'zh-CN');
    expect(latinWords(html)).toEqual([]);
    expect(html).toContain('已下载并保存 <code>1</code> 张平台证书（最新序列号 <code>5157F0</code>');
  });

  it('says the same in English, and falls back to the server English for a code the catalog does not know', () => {
    expect(render(failed, 'en')).toContain('WeChat Pay signed with a public key this service does not have.');
    const newer = { ...verified, outcome: { code: 'pay.newer_outcome' } } as unknown as ConnectionCheck;
    expect(render(newer, 'zh-CN')).toContain(verified.detail);
  });
});
