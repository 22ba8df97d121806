import { describe, expect, it } from 'vitest';
import { APPLYMENT_STATE_MAP } from '@/protocols/providerA/pay/applyment-states';
import { parseApplymentStatus } from '@/server/providers/providerA/pay/applyment';
import {
  FIELD_MAP,
  mapFormDataToApplymentBody,
  upstreamFieldToFormField,
} from '@/server/providers/providerA/pay/map-form-data';
import { mapUpstreamError } from '@/server/providers/providerA/pay/map-upstream-error';
import { SAMPLE_ID_NUMBER, sampleFormData } from '../../../../../support/providerA-pay-sandbox';

// A reversible stand-in for RSA-OAEP, so the mapping (not the crypto) is what these tests look at.
const encrypt = (s: string) => `enc(${s})`;
const media = ['m-license', 'm-front', 'm-back', 'm-entrance', 'm-indoor'];
const get = (o: unknown, path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], o);

describe('mapFormDataToApplymentBody', () => {
  const body = mapFormDataToApplymentBody({ businessCode: '1900013511_1', formData: sampleFormData(media), encrypt });

  it('places and encrypts every field of B.2', () => {
    expect(body).toMatchObject({
      business_code: '1900013511_1',
      contact_info: {
        contact_type: 'LEGAL',
        contact_name: 'enc(张三)',
        contact_id_number: `enc(${SAMPLE_ID_NUMBER})`,
        mobile_phone: 'enc(13800138000)',
        contact_email: 'enc(zhangsan@example.com)',
      },
      subject_info: {
        subject_type: 'SUBJECT_TYPE_INDIVIDUAL',
        business_license_info: {
          license_copy: 'm-license',
          license_number: '92440300MA5EXAMPL7',
          legal_person: '张三',
        },
        identity_info: {
          id_doc_type: 'IDENTIFICATION_TYPE_IDCARD',
          id_card_info: {
            id_card_copy: 'm-front',
            id_card_national: 'm-back',
            id_card_name: 'enc(张三)',
            id_card_number: `enc(${SAMPLE_ID_NUMBER})`,
            card_period_begin: '2019-06-01',
            card_period_end: '2039-06-01',
          },
        },
      },
      business_info: {
        merchant_shortname: '示例餐馆',
        sales_info: {
          sales_scenes_type: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'],
          biz_store_info: { biz_address_code: '440305', store_entrance_pic: ['m-entrance'], indoor_pic: ['m-indoor'] },
          mini_program_info: { mini_program_sub_appid: 'wx1234567890abcdef' },
        },
      },
      settlement_info: { settlement_id: '719', qualification_type: '餐饮' },
      bank_account_info: {
        bank_account_type: 'BANK_ACCOUNT_TYPE_PERSONAL',
        account_name: 'enc(张三)',
        account_bank: '工商银行',
        bank_address_code: '440300',
        account_number: 'enc(6222020200112233445)',
      },
    });
  });

  it('never sends null and leaves out what formData lacks', () => {
    expect(JSON.stringify(body)).not.toContain('null');
    expect(get(body, '/subject_info/identity_info/owner')).toBeUndefined();
    expect(get(body, '/business_info/sales_info/web_info')).toBeUndefined();
    expect(get(body, '/subject_info/identity_info/id_card_info/id_card_address')).toBeUndefined();
  });

  it('applies the enterprise rules and accepts a single salesScene string', () => {
    const enterprise = mapFormDataToApplymentBody({
      businessCode: 'b',
      encrypt,
      formData: {
        ...sampleFormData(media),
        subjectType: 'SUBJECT_TYPE_ENTERPRISE',
        idCardAddress: '北京市',
        salesScene: 'SALES_SCENES_WEB',
        websiteDomain: 'shop.example.com',
        bankAddressCode: '110000',
      },
    });
    expect(get(enterprise, '/bank_account_info/bank_account_type')).toBe('BANK_ACCOUNT_TYPE_CORPORATE');
    expect(get(enterprise, '/bank_account_info/bank_address_code')).toBe('110000');
    expect(get(enterprise, '/subject_info/identity_info/owner')).toBe(true);
    expect(get(enterprise, '/subject_info/identity_info/id_card_info/id_card_address')).toBe('enc(北京市)');
    expect(get(enterprise, '/business_info/sales_info')).toEqual({
      sales_scenes_type: ['SALES_SCENES_WEB'],
      web_info: { domain: 'shop.example.com' },
    });
  });

  it("a SUPER contact never borrows the legal person's ID number", () => {
    const superContact = mapFormDataToApplymentBody({
      businessCode: 'b',
      encrypt,
      formData: { ...sampleFormData(media), contactType: 'SUPER' },
    });
    expect(get(superContact, '/contact_info/contact_id_number')).toBeUndefined();
  });

  it('refuses a business code WeChat would refuse', () => {
    expect(() => mapFormDataToApplymentBody({ businessCode: 'has-dash', formData: {}, encrypt })).toThrow(
      /business_code/,
    );
  });
});

describe('upstreamFieldToFormField', () => {
  it.each([
    ['id_card_copy', 'idCardCopy'],
    ['/subject_info/identity_info/id_card_info/id_card_number', 'idCardNumber'],
    ['/business_info/sales_info/biz_store_info/store_entrance_pic/0', 'storeEntrancePics'],
    ['business_info.sales_info.biz_store_info.indoor_pic[1]', 'storeIndoorPics'],
    ['account_number', 'accountNumber'],
    ['sales_scenes_type', 'salesScene'],
    ['bank_address_code', 'bankAddressCode'],
    ['no_such_field', undefined],
  ])('%s → %s', (field, expected) => {
    expect(upstreamFieldToFormField(field)).toBe(expected);
  });

  it('names the formData key that actually fed the field', () => {
    expect(upstreamFieldToFormField('bank_address_code', { storeAddressCode: '440305' })).toBe('storeAddressCode');
    expect(upstreamFieldToFormField('/contact_info/contact_id_number', { idCardNumber: 'x' })).toBe('idCardNumber');
  });

  it('every mapped path maps back to one of its formData keys', () => {
    for (const entry of FIELD_MAP) expect(entry.form).toContain(upstreamFieldToFormField(entry.path));
  });
});

describe('state and error mapping', () => {
  it('maps all eight APPLYMENT_STATE_* one to one', () => {
    expect(Object.values(APPLYMENT_STATE_MAP).sort()).toEqual([
      'auditing',
      'canceled',
      'finished',
      'rejected',
      'signing',
      'submitted',
      'to_be_confirmed',
      'to_be_signed',
    ]);
    expect(APPLYMENT_STATE_MAP.APPLYMENT_STATE_EDITTING).toBe('submitted');
  });

  it('keeps a uint64 applyment_id exact', () => {
    const status = parseApplymentStatus(
      '{"business_code":"b","applyment_id":18446744073709551615,"applyment_state":"APPLYMENT_STATE_SIGNING","applyment_state_msg":"","sub_mchid":"1600000001"}',
    );
    expect(status).toMatchObject({ applymentId: '18446744073709551615', state: 'signing', subMchid: '1600000001' });
  });

  it('reads the field out of a PARAM_ERROR message and never the detail value', () => {
    const error = mapUpstreamError(400, {
      code: 'PARAM_ERROR',
      message: '输入源“/bank_account_info/account_number”映射到字段“银行账号”格式校验失败',
      detail: { value: '6222020200112233445' },
    });
    expect(error.code).toBe('upstream_rejected');
    expect(error.errors[0]?.pointer).toBe('/formData/accountNumber');
    expect(JSON.stringify({ m: error.message, e: error.errors })).not.toContain('6222020200112233445');
  });

  it("a header problem is ours (502), not the seller's", () => {
    expect(
      mapUpstreamError(400, {
        code: 'PARAM_ERROR',
        message: 'x',
        detail: { field: 'Wechatpay-Serial', location: 'header' },
      }).code,
    ).toBe('upstream_unavailable');
  });
});
