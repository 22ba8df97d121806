import { describe, expect, it } from 'vitest';
import { baseRequiredFields } from '@/schemas/form-data/fields';
import { providerRequiredFields } from '@/schemas/form-data/requirements';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';
import type { FormDataPatch } from '@/schemas/form-data/types';
import { submitFormDataSchema, validateFormDataForSubmit } from '@/schemas/form-data/validate-for-submit';

const pointers = (patch: FormDataPatch | Record<string, unknown>) =>
  validateFormDataForSubmit(patch as Record<string, unknown>)
    .map((e) => e.pointer)
    .sort();
const codes = (patch: FormDataPatch) =>
  Object.fromEntries(validateFormDataForSubmit(patch).map((e) => [e.pointer, e.code]));

/** Base and WeChat fields only: an individual business, no sales scene, none of the conditional fields. */
const baseOnly = (overrides: FormDataPatch = {}) =>
  completeFormDataFixture({
    subjectType: 'SUBJECT_TYPE_INDIVIDUAL',
    settlementId: '719',
    bankAccountType: null,
    idCardAddress: null,
    salesScene: null,
    storeName: null,
    storeAddressCode: null,
    storeAddress: null,
    storeEntrancePics: null,
    storeIndoorPics: null,
    ...overrides,
  });

describe('validateFormDataForSubmit: completeness', () => {
  it('passes the complete fixture and the base-only formData', () => {
    expect(validateFormDataForSubmit(completeFormDataFixture())).toEqual([]);
    expect(validateFormDataForSubmit(baseOnly())).toEqual([]);
  });

  it('lists every base and WeChat field, and only those, for empty formData', () => {
    const errors = validateFormDataForSubmit({});
    const expected = [...baseRequiredFields, ...providerRequiredFields.providerA];
    expect(errors.map((e) => e.pointer).sort()).toEqual(expected.map((f) => `/formData/${f}`).sort());
    expect(expected).toContain('subjectType');
    expect(new Set(errors.map((e) => e.code))).toEqual(new Set(['required']));
  });

  it('treats null, blank strings and empty arrays as missing', () => {
    expect(pointers(baseOnly({ contactName: '   ', merchantName: '' }))).toEqual([
      '/formData/contactName',
      '/formData/merchantName',
    ]);
    expect(pointers({ ...baseOnly(), legalPerson: null })).toEqual(['/formData/legalPerson']);
  });
});

describe('validateFormDataForSubmit: conditions', () => {
  it('enterprise requires idCardAddress and bankAccountType', () => {
    expect(codes(baseOnly({ subjectType: 'SUBJECT_TYPE_ENTERPRISE', settlementId: '716' }))).toEqual({
      '/formData/idCardAddress': 'required',
      '/formData/bankAccountType': 'required',
    });
  });

  it('enterprise with a corporate account passes', () => {
    const data = baseOnly({
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      settlementId: '716',
      idCardAddress: '北京市朝阳区',
      bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    });
    expect(validateFormDataForSubmit(data)).toEqual([]);
  });

  it('enterprise with a personal account is an error on bankAccountType', () => {
    const data = baseOnly({
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      settlementId: '716',
      idCardAddress: '北京市朝阳区',
      bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL',
    });
    expect(codes(data)).toEqual({ '/formData/bankAccountType': 'invalid_value' });
  });

  it('an individual business may settle to a personal account and needs no ID address', () => {
    const data = baseOnly({ subjectType: 'SUBJECT_TYPE_INDIVIDUAL', bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL' });
    expect(validateFormDataForSubmit(data)).toEqual([]);
  });

  it('store scene requires the store fields, photos as non-empty arrays', () => {
    const store = ['storeAddress', 'storeAddressCode', 'storeEntrancePics', 'storeIndoorPics', 'storeName'];
    expect(pointers(baseOnly({ salesScene: 'SALES_SCENES_STORE' }))).toEqual(store.map((f) => `/formData/${f}`));
    const emptyPhotos = completeFormDataFixture({ storeEntrancePics: [], storeIndoorPics: [] });
    expect(codes(emptyPhotos)).toEqual({
      '/formData/storeEntrancePics': 'required',
      '/formData/storeIndoorPics': 'required',
    });
  });

  it('mini program scene requires miniProgramAppid (salesScene as one value or an array)', () => {
    expect(pointers(baseOnly({ salesScene: 'SALES_SCENES_MINI_PROGRAM' }))).toEqual(['/formData/miniProgramAppid']);
    expect(pointers(baseOnly({ salesScene: ['SALES_SCENES_MINI_PROGRAM'] }))).toEqual(['/formData/miniProgramAppid']);
    expect(
      pointers(baseOnly({ salesScene: 'SALES_SCENES_MINI_PROGRAM', miniProgramAppid: 'wx0123456789abcdef' })),
    ).toEqual([]);
  });

  it('web scene requires websiteDomain', () => {
    expect(pointers(baseOnly({ salesScene: ['SALES_SCENES_WEB'] }))).toEqual(['/formData/websiteDomain']);
    expect(pointers(baseOnly({ salesScene: ['SALES_SCENES_WEB'], websiteDomain: 'shop.example.com' }))).toEqual([]);
  });

  it('several scenes together add all of their fields, together with the enterprise rule', () => {
    const data = baseOnly({
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      settlementId: '716',
      salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM', 'SALES_SCENES_WEB', 'SALES_SCENES_MP'],
    });
    expect(pointers(data)).toEqual([
      '/formData/bankAccountType',
      '/formData/idCardAddress',
      '/formData/miniProgramAppid',
      '/formData/storeAddress',
      '/formData/storeAddressCode',
      '/formData/storeEntrancePics',
      '/formData/storeIndoorPics',
      '/formData/storeName',
      '/formData/websiteDomain',
    ]);
  });

  it('scenes without extra fields (MP, APP, WEWORK) add nothing', () => {
    expect(pointers(baseOnly({ salesScene: ['SALES_SCENES_MP', 'SALES_SCENES_APP', 'SALES_SCENES_WEWORK'] }))).toEqual(
      [],
    );
  });
});

describe('validateFormDataForSubmit: formats', () => {
  it('reports every bad format at once, each at its own pointer', () => {
    const data = completeFormDataFixture({
      idCardNumber: '110105194912310021',
      contactMobile: '12345',
      contactEmail: 'not-an-email',
      accountNumber: '6222-0212',
      servicePhone: 'call us',
      licenseNumber: '91350100M000100Y44',
      idCardPeriodBegin: '2023-02-29',
      storeAddressCode: '3501',
      bankBranchId: 'x',
    });
    expect(codes(data)).toEqual({
      // Right shape, wrong check character: a typo, said as such.
      '/formData/idCardNumber': 'invalid_check_digit',
      '/formData/contactMobile': 'invalid_format',
      '/formData/contactEmail': 'invalid_format',
      '/formData/accountNumber': 'invalid_format',
      '/formData/servicePhone': 'invalid_format',
      '/formData/licenseNumber': 'invalid_check_digit',
      '/formData/idCardPeriodBegin': 'invalid_format',
      '/formData/storeAddressCode': 'invalid_format',
      '/formData/bankBranchId': 'invalid_format',
    });
  });

  it('accepts 长期 as a permanent end date but not as a begin date', () => {
    expect(pointers(completeFormDataFixture({ idCardPeriodEnd: '长期' }))).toEqual([]);
    expect(pointers(completeFormDataFixture({ idCardPeriodBegin: '长期' }))).toEqual(['/formData/idCardPeriodBegin']);
  });

  it('requires the begin date before the end date (error on the end date)', () => {
    expect(codes(completeFormDataFixture({ idCardPeriodBegin: '2039-06-01', idCardPeriodEnd: '2039-06-01' }))).toEqual({
      '/formData/idCardPeriodEnd': 'invalid_value',
    });
    expect(
      codes(completeFormDataFixture({ licensePeriodBegin: '2020-01-02', licensePeriodEnd: '2020-01-01' })),
    ).toEqual({
      '/formData/licensePeriodEnd': 'invalid_value',
    });
  });

  it('checks the mini program appid and the website domain', () => {
    const data = completeFormDataFixture({
      salesScene: ['SALES_SCENES_MINI_PROGRAM', 'SALES_SCENES_WEB'],
      miniProgramAppid: 'wx123',
      websiteDomain: 'https://x.cn/a',
    });
    expect(codes(data)).toEqual({
      '/formData/miniProgramAppid': 'invalid_format',
      '/formData/websiteDomain': 'invalid_format',
    });
  });

  it('points into arrays for a bad item', () => {
    const data = completeFormDataFixture({
      storeIndoorPics: ['media-ok', ' '],
      salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_X' as never],
    });
    expect(codes(data)).toEqual({
      '/formData/storeIndoorPics/1': 'invalid_format',
      '/formData/salesScene/1': 'invalid_value',
    });
  });

  it('reports wrong types, over-long values, bad enum values and unknown keys', () => {
    const data = {
      ...completeFormDataFixture(),
      merchantName: 42,
      storeName: 'x'.repeat(129),
      subjectType: 'COMPANY',
      nickname: 'a',
    };
    expect(Object.fromEntries(validateFormDataForSubmit(data).map((e) => [e.pointer, e.code]))).toEqual({
      '/formData/merchantName': 'invalid_type',
      '/formData/storeName': 'too_long',
      '/formData/subjectType': 'invalid_value',
      '/formData/nickname': 'unknown_field',
    });
  });

  it('never repeats a personal value in a message', () => {
    const data = completeFormDataFixture({
      idCardNumber: '110105194912310021',
      contactMobile: '12800138000',
      contactEmail: 'secret@@x',
    });
    const messages = validateFormDataForSubmit(data)
      .map((e) => e.message)
      .join(' ');
    for (const secret of ['110105194912310021', '12800138000', 'secret@@x']) expect(messages).not.toContain(secret);
  });
});

describe('submitFormDataSchema', () => {
  it('accepts the complete fixture', () => {
    expect(submitFormDataSchema.safeParse(completeFormDataFixture()).success).toBe(true);
  });

  it('turns every FieldError into an issue at the matching path', () => {
    const result = submitFormDataSchema.safeParse(
      completeFormDataFixture({ contactName: null, storeEntrancePics: ['', 'ok'] }),
    );
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];
    expect(issues.map((i) => i.path)).toEqual([['contactName'], ['storeEntrancePics', 0]]);
    expect(issues[0]?.message).toBe('Super administrator name is required.');
  });

  it('rejects a non-object', () => {
    expect(submitFormDataSchema.safeParse(['a']).success).toBe(false);
  });
});
