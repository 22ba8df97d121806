import { describe, expect, it } from 'vitest';
import { upstreamFieldToFormField } from '@/server/providers/providerB/zft/field-names';
import { normalizeZftOrder, parseRejectReasons, zftOrderState } from '@/server/providers/providerB/zft/order-state';
import { DEFAULT_ZFT_MCC, formDataToZftBizContent } from '@/server/providers/providerB/zft/zft-biz-content';

const base = {
  contactName: '李四',
  contactMobile: '13900139000',
  contactEmail: 'a@example.com',
  licenseCopy: 'IMG_LICENSE',
  licenseNumber: '92440300EXAMPLE',
  merchantName: '某某小吃店',
  legalPerson: '王五',
  idCardCopy: 'IMG_FRONT',
  idCardNational: 'IMG_BACK',
  idCardNumber: '11010519491231002X',
  merchantShortname: '小吃店',
  servicePhone: '4001234567',
  accountName: '王五',
  accountBank: '工商银行',
  accountNumber: '6222000000000000',
};

describe('formData → zft.create biz_content', () => {
  it('maps an individual business selling in a store', () => {
    const biz = formDataToZftBizContent('ext-1', {
      ...base,
      subjectType: 'SUBJECT_TYPE_INDIVIDUAL',
      salesScene: 'SALES_SCENES_STORE',
      storeAddressCode: '440305',
      storeAddress: '路1号',
      storeEntrancePics: ['E1'],
      storeIndoorPics: ['I1', 'I2'],
    });
    // Never defaulted from the contact's e-mail: Alipay wants the merchant's own real-name account (D.6).
    expect(biz.binding_alipay_logon_id).toBeUndefined();
    // The bank's Alipay short code comes from the bank list.
    expect((biz.biz_cards as { account_inst_id?: string }[])[0]?.account_inst_id).toBe('ICBC');
    expect(biz).toMatchObject({
      external_id: 'ext-1',
      merchant_type: '07',
      cert_type: '201',
      cert_no: '92440300EXAMPLE',
      cert_name: '某某小吃店',
      cert_image: 'IMG_LICENSE',
      name: '某某小吃店',
      alias_name: '小吃店',
      legal_name: '王五',
      legal_cert_no: '11010519491231002X',
      legal_cert_front_image: 'IMG_FRONT',
      legal_cert_back_image: 'IMG_BACK',
      mcc: DEFAULT_ZFT_MCC,
      service: ['当面付'],
      contact_infos: [{ name: '李四', mobile: '13900139000', email: 'a@example.com', type: 'OTHER' }],
      biz_cards: [
        {
          account_no: '6222000000000000',
          account_holder_name: '王五',
          account_type: 'DC',
          usage_type: '02',
          account_inst_name: '工商银行',
        },
      ],
      default_settle_rule: { default_settle_type: 'bankCard', default_settle_target: '6222000000000000' },
      business_address: { province_code: '440000', city_code: '440300', district_code: '440305', address: '路1号' },
      out_door_images: ['E1'],
      in_door_images: ['I1', 'I2'],
    });
    expect(JSON.stringify(biz)).not.toMatch(/null|undefined|"sites"/);
  });

  it('derives sites and services from web and mini-program scenes; extra keys override defaults', () => {
    const biz = formDataToZftBizContent('ext-2', {
      ...base,
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      salesScene: ['SALES_SCENES_WEB', 'SALES_SCENES_MINI_PROGRAM'],
      websiteDomain: 'shop.example.com',
      miniProgramAppid: '2021004100000001',
      mcc: '5812',
      bindingAlipayLogonId: 'boss@example.com',
    });
    expect(biz.merchant_type).toBe('01');
    expect(biz.cert_name).toBeUndefined();
    expect(biz.service).toEqual(['电脑支付', 'wap支付', '小程序支付']);
    expect(biz.sites).toEqual([
      { site_type: '01', site_url: 'https://shop.example.com', site_name: '小吃店' },
      { site_type: '06', site_name: '小吃店', tiny_app_id: '2021004100000001' },
    ]);
    expect(biz.mcc).toBe('5812');
    expect(biz.binding_alipay_logon_id).toBe('boss@example.com');
    expect((biz.biz_cards as { usage_type: string }[])[0]!.usage_type).toBe('01');
    expect(biz.business_address).toBeUndefined();
  });
});

describe('upstreamFieldToFormField', () => {
  it.each([
    ['cert_no', 'licenseNumber'],
    ['in_door_images[1]', 'storeIndoorPics'],
    ['out_door_images', 'storeEntrancePics'],
    ['contact_infos[0].mobile', 'contactMobile'],
    ['contact_infos.email', 'contactEmail'],
    ['account_no', 'accountNumber'],
    ['biz_cards[0].account_holder_name', 'accountName'],
    ['business_address.district_code', 'storeAddressCode'],
    ['sites.tiny_app_id', 'miniProgramAppid'],
    ['legal_cert_front_image', 'idCardCopy'],
    ['mcc', 'mcc'],
    ['binding_alipay_logon_id', 'bindingAlipayLogonId'],
  ])('%s → %s', (upstream, form) => {
    expect(upstreamFieldToFormField(upstream)).toBe(form);
  });

  it('is undefined for fields we never send, and honours override keys present in formData', () => {
    expect(upstreamFieldToFormField('image_id')).toBeUndefined();
    expect(upstreamFieldToFormField('external_id')).toBeUndefined();
    expect(upstreamFieldToFormField('mcc', { mcc: '5812' })).toBe('mcc');
    expect(upstreamFieldToFormField('binding_alipay_logon_id', {})).toBe('bindingAlipayLogonId');
    expect(upstreamFieldToFormField('binding_alipay_logon_id', { bindingAlipayLogonId: 'x' })).toBe(
      'bindingAlipayLogonId',
    );
  });
});

describe('Alipay order → state', () => {
  it.each([
    [{ status: '031', fk_audit: 'CREATE', kz_audit: 'CREATE', sub_confirm: 'CREATE' }, 'auditing'],
    [{ status: '031', fk_audit: 'PASS', kz_audit: 'CREATE' }, 'auditing'],
    [{ status: '031', fk_audit: 'PASS', kz_audit: 'SKIP', sub_confirm: 'CREATE' }, 'to_be_confirmed'],
    [{ status: '031', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'NOT_CONFIRM' }, 'to_be_signed'],
    [{ status: '031', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'FINISH' }, 'signing'],
    [{ status: '99' }, 'finished'],
    [{ status: '-1', kz_audit: 'REJECT' }, 'rejected'],
    [{ status: '-1', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'FAIL' }, 'rejected'],
    [{ status: '-1', fk_audit: 'PASS', kz_audit: 'PASS', sub_confirm: 'NOT_CONFIRM' }, 'canceled'],
    [{ status: '' }, 'submitted'],
  ] as const)('%o → %s', (order, state) => {
    expect(zftOrderState(order)).toBe(state);
  });

  it('only a finished order exposes the smid; reasons are split, attributed and redacted', () => {
    expect(normalizeZftOrder({ order_id: '1', status: '031', smid: '2088000000000001' }).subMchid).toBeUndefined();
    expect(normalizeZftOrder({ order_id: '1', status: '99', smid: '2088000000000001' }).subMchid).toBe(
      '2088000000000001',
    );
    expect(parseRejectReasons('cert_no：号码不符；照片模糊')).toEqual([
      { field: 'licenseNumber', reason: '号码不符' },
      { field: '', reason: '照片模糊' },
    ]);
    const rejected = normalizeZftOrder({
      order_id: '1',
      status: '-1',
      kz_audit: 'REJECT',
      reason: 'legal_cert_no：证件号 110105194912310021 无效',
    });
    expect(rejected.rejectReasons).toEqual([{ field: 'idCardNumber', reason: '证件号 *** 无效' }]);
    expect(rejected.stateMsg).not.toContain('110105194912310021');
  });
});
