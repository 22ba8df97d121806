import { describe, expect, it } from 'vitest';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';
import type { FormDataPatch } from '@/schemas/form-data/types';
import { validateFormDataForSubmit } from '@/schemas/form-data/validate-for-submit';

const wechat = (overrides: FormDataPatch = {}) => completeFormDataFixture(overrides);
const alipay = (overrides: FormDataPatch = {}) =>
  completeFormDataFixture({ bindingAlipayLogonId: 'shop@sima-trading.cn', mcc: '5812', ...overrides });
const problems = (data: FormDataPatch, provider: 'providerA' | 'providerB') =>
  Object.fromEntries(validateFormDataForSubmit(data, provider).map((e) => [e.pointer, e.code]));
const messageAt = (data: FormDataPatch, provider: 'providerA' | 'providerB', pointer: string) =>
  validateFormDataForSubmit(data, provider).find((e) => e.pointer === pointer)?.message ?? '';

describe('provider rules', () => {
  it('passes the complete fixture for WeChat, and with the Alipay fields for Alipay', () => {
    expect(validateFormDataForSubmit(wechat(), 'providerA')).toEqual([]);
    expect(validateFormDataForSubmit(alipay(), 'providerB')).toEqual([]);
  });

  it('requires subjectType', () => {
    expect(problems(wechat({ subjectType: null }), 'providerA')).toEqual({ '/formData/subjectType': 'required' });
  });

  it('ties the settlement rule to the subject type and the industry to the rule', () => {
    expect(problems(wechat({ settlementId: '719' }), 'providerA')).toEqual({
      '/formData/settlementId': 'invalid_value',
    });
    expect(messageAt(wechat({ settlementId: '999' }), 'providerA', '/formData/settlementId')).toContain('716');
    expect(problems(wechat({ qualificationType: '公立医院' }), 'providerA')).toEqual({
      '/formData/qualificationType': 'invalid_value',
    });
    expect(messageAt(wechat({ qualificationType: '公立医院' }), 'providerA', '/formData/qualificationType')).toContain(
      '餐饮',
    );
  });

  it('takes bank names from the provider’s list; WeChat’s 其他银行 needs the branch number', () => {
    expect(problems(wechat({ accountBank: '中国工商银行' }), 'providerA')).toEqual({
      '/formData/accountBank': 'invalid_value',
    });
    expect(problems(wechat({ accountBank: '其他银行', bankBranchId: null }), 'providerA')).toEqual({
      '/formData/bankBranchId': 'required',
    });
    expect(problems(alipay({ accountBank: '其他银行' }), 'providerB')).toEqual({
      '/formData/accountBank': 'invalid_value',
    });
    expect(problems(alipay({ accountBank: '厦门银行' }), 'providerB')).toEqual({});
  });

  it('checks region codes exist at the right level', () => {
    expect(problems(wechat({ bankAddressCode: '350000', storeAddressCode: '999999' }), 'providerA')).toEqual({
      '/formData/bankAddressCode': 'invalid_value',
      '/formData/storeAddressCode': 'invalid_value',
    });
    expect(problems(wechat({ bankAddressCode: '110000', storeAddressCode: '350100' }), 'providerA')).toEqual({});
    // WeChat asks for the bank's area "at least to the city": a district is finer, so it is valid too.
    expect(problems(wechat({ bankAddressCode: '350102' }), 'providerA')).toEqual({});
    expect(problems(wechat({ bankAddressCode: '110101' }), 'providerA')).toEqual({});
    expect(problems(alipay({ storeAddressCode: '350100' }), 'providerB')).toEqual({
      '/formData/storeAddressCode': 'invalid_value',
    });
    expect(problems(alipay({ storeAddressCode: '441900' }), 'providerB')).toEqual({});
  });

  it('refuses expired documents', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(problems(wechat({ idCardPeriodBegin: '2000-01-01', idCardPeriodEnd: '2020-01-01' }), 'providerA')).toEqual({
      '/formData/idCardPeriodEnd': 'invalid_value',
    });
    expect(problems(wechat({ licensePeriodEnd: '2021-03-01' }), 'providerA')).toEqual({
      '/formData/licensePeriodEnd': 'invalid_value',
    });
    expect(problems(wechat({ idCardPeriodBegin: '2000-01-01', idCardPeriodEnd: today }), 'providerA')).toEqual({});
  });

  it('checks ID-card and unified social credit check characters', () => {
    expect(
      problems(wechat({ idCardNumber: '110105194912310021', licenseNumber: '91350100M000100Y44' }), 'providerA'),
    ).toEqual({
      '/formData/idCardNumber': 'invalid_check_digit',
      '/formData/licenseNumber': 'invalid_check_digit',
    });
    // A wrong shape is still a format problem.
    expect(
      problems(wechat({ idCardNumber: '11010519491231002', licenseNumber: '91350100M000100Y4' }), 'providerA'),
    ).toEqual({
      '/formData/idCardNumber': 'invalid_format',
      '/formData/licenseNumber': 'invalid_format',
    });
  });

  it('needs Alipay’s own signing account and MCC, never defaulted', () => {
    expect(problems(alipay({ bindingAlipayLogonId: null, mcc: null }), 'providerB')).toEqual({
      '/formData/bindingAlipayLogonId': 'required',
      '/formData/mcc': 'required',
    });
    expect(problems(alipay({ bindingAlipayLogonId: 'shop-owner', mcc: '0000' }), 'providerB')).toEqual({
      '/formData/bindingAlipayLogonId': 'invalid_value',
      '/formData/mcc': 'invalid_value',
    });
    // Reserved names (RFC 2606, RFC 6761) have no mailbox, so no Alipay account logs in with them.
    for (const reserved of [
      'nobody@example.invalid',
      'a@example.com',
      'a@shop.example.net',
      'a@EXAMPLE.ORG',
      'a@x.test',
      'a@x.example',
      'a@localhost.localhost',
    ])
      expect(problems(alipay({ bindingAlipayLogonId: reserved }), 'providerB'), reserved).toEqual({
        '/formData/bindingAlipayLogonId': 'invalid_value',
      });
    for (const real of ['a@notexample.com', 'a@example.community', 'a@test.cn', '13800138000'])
      expect(problems(alipay({ bindingAlipayLogonId: real }), 'providerB'), real).toEqual({});
  });

  it('wants the mini program id of the record’s own provider', () => {
    const scene: FormDataPatch = { salesScene: ['SALES_SCENES_MINI_PROGRAM'] };
    expect(problems(wechat({ ...scene, miniProgramAppid: '2021001234567890' }), 'providerA')).toEqual({
      '/formData/miniProgramAppid': 'invalid_value',
    });
    expect(problems(alipay({ ...scene, miniProgramAppid: 'wx0123456789abcdef' }), 'providerB')).toEqual({
      '/formData/miniProgramAppid': 'invalid_value',
    });
    expect(problems(alipay({ ...scene, miniProgramAppid: '2021001234567890' }), 'providerB')).toEqual({});
    expect(problems(alipay({ salesScene: ['SALES_SCENES_MP'] }), 'providerB')).toEqual({
      '/formData/miniProgramAppid': 'required',
    });
  });

  it('never repeats a personal value in a message', () => {
    const messages = validateFormDataForSubmit(alipay({ bindingAlipayLogonId: 'secret-owner' }), 'providerB')
      .map((e) => e.message)
      .join(' ');
    expect(messages).not.toContain('secret-owner');
  });
});
