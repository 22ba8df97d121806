import { describe, expect, it } from 'vitest';
import {
  acceptedValues,
  formDataFieldNames,
  maskFormData,
  providerValueErrors,
  providerValueLabels,
} from '@/schemas/form-data';
import { completeFormDataFixture } from '../../../../support/form-data-fixtures';
import { applyPatch, draftPatch, maskedFieldsOf, toWizardValues } from '@/components/sub-merchants/wizard/form-model';
import { fieldSteps, isFieldVisible, stepFields, stepOfField } from '@/components/sub-merchants/wizard/steps';
import { stepErrors, submitErrorsToFields } from '@/components/sub-merchants/wizard/validate-step';

const empty = toWizardValues({});

describe('wizard steps', () => {
  it('puts every formData field on exactly one step', () => {
    const placed = fieldSteps.flatMap((step) => stepFields[step]);
    expect([...placed].sort()).toEqual([...formDataFieldNames].sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect(stepOfField('idCardCopy')).toBe('legalPerson');
    expect(stepOfField('nope')).toBeUndefined();
  });

  it('shows conditional fields with subjectType, several sales scenes and bankAccountType', () => {
    expect(isFieldVisible('idCardAddress', empty)).toBe(false);
    expect(isFieldVisible('idCardAddress', { subjectType: 'SUBJECT_TYPE_ENTERPRISE' })).toBe(true);
    const both = { salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'] };
    expect(isFieldVisible('storeName', both) && isFieldVisible('miniProgramAppid', both)).toBe(true);
    expect(isFieldVisible('websiteDomain', both)).toBe(false);
    expect(isFieldVisible('bankBranchId', { bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL' })).toBe(false);
    expect(isFieldVisible('bankBranchId', { bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE' })).toBe(true);
  });
});

describe('draftPatch', () => {
  const server = toWizardValues(maskFormData(completeFormDataFixture()));

  it('sends only what changed, never an unchanged (masked) personal value', () => {
    expect(draftPatch(server, server)).toEqual({});
    const patch = draftPatch({ ...server, merchantShortname: '新店', idCardNumber: '110105194912310037' }, server);
    expect(patch).toEqual({ merchantShortname: '新店', idCardNumber: '110105194912310037' });
  });

  it('removes emptied fields and fields the change just hid, and never sends hidden values', () => {
    const values = { ...server, salesScene: ['SALES_SCENES_WEB'], servicePhone: '', websiteDomain: 'shop.example.com' };
    const patch = draftPatch(values, server);
    expect(patch).toMatchObject({
      salesScene: ['SALES_SCENES_WEB'],
      servicePhone: null,
      websiteDomain: 'shop.example.com',
      storeName: null,
      storeIndoorPics: null,
    });
    const typedWhileHidden = draftPatch({ ...empty, miniProgramAppid: 'wx0123456789abcdef' }, empty);
    expect(typedWhileHidden).toEqual({});
  });
});

describe('draftPatch with masked fields and clean-up', () => {
  const server = toWizardValues(maskFormData(completeFormDataFixture()));
  const masked = maskedFieldsOf(server);

  it('never sends a masked field left as its mask or emptied for editing; sends a whole new value', () => {
    expect(masked.has('idCardName') && !masked.has('merchantName')).toBe(true);
    expect(draftPatch({ ...server, idCardName: '' }, server, { masked })).toEqual({});
    expect(draftPatch({ ...server, idCardName: '李四' }, server, { masked })).toEqual({ idCardName: '李四' });
    // Without the masked set an emptied field is a removal (a non-personal field, or one typed in this session).
    expect(draftPatch({ ...server, merchantShortname: '' }, server, { masked })).toEqual({ merchantShortname: null });
  });

  it('saves cleaned values and then holds them as the baseline, so the same value is not sent twice', () => {
    const typed = { ...server, licenseNumber: ' ９１１１００００ma0012345x ', accountNumber: '6222 0212 3456 7890' };
    const patch = draftPatch(typed, server, { masked });
    expect(patch).toEqual({ licenseNumber: '91110000MA0012345X', accountNumber: '6222021234567890' });
    expect(draftPatch(typed, applyPatch(server, patch), { masked })).toEqual({});
  });

  it("hides the other provider's fields", () => {
    expect(isFieldVisible('mcc', empty, 'providerA')).toBe(false);
    expect(isFieldVisible('mcc', empty, 'providerB')).toBe(true);
    expect(isFieldVisible('settlementId', empty, 'providerB')).toBe(false);
    expect(isFieldVisible('bindingAlipayLogonId', empty, 'providerB')).toBe(true);
    expect(isFieldVisible('miniProgramAppid', { salesScene: ['SALES_SCENES_MP'] }, 'providerB')).toBe(true);
    expect(isFieldVisible('miniProgramAppid', { salesScene: ['SALES_SCENES_MP'] }, 'providerA')).toBe(false);
  });

  it('offers each provider only the values it accepts, from the field registry', () => {
    expect(acceptedValues('subjectType', 'providerB')).toEqual(['SUBJECT_TYPE_ENTERPRISE', 'SUBJECT_TYPE_INDIVIDUAL']);
    expect(acceptedValues('subjectType', 'providerA')).toContain('SUBJECT_TYPE_GOVERNMENT');
    expect(acceptedValues('salesScene', 'providerB')).not.toContain('SALES_SCENES_WEWORK');
    expect(acceptedValues('salesScene', 'providerA')).toContain('SALES_SCENES_WEWORK');
    // Alipay's SALES_SCENES_MP is its jsapi支付, never called 公众号 on its screens.
    expect(providerValueLabels.providerB?.SALES_SCENES_MP?.['zh-CN']).not.toContain('公众号');
    // The server keeps to the same registry: an Alipay draft with a WeChat-only value is refused by pointer.
    expect(
      providerValueErrors(
        { subjectType: 'SUBJECT_TYPE_GOVERNMENT', salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_WEWORK'] },
        'providerB',
      ).map((e) => e.pointer),
    ).toEqual(['/formData/subjectType', '/formData/salesScene/1']);
    expect(providerValueErrors({ subjectType: 'SUBJECT_TYPE_GOVERNMENT' }, 'providerA')).toEqual([]);
  });
});

describe('stepErrors', () => {
  it('checks the current step with the submit rules only', () => {
    const errors = stepErrors(
      { ...empty, subjectType: 'SUBJECT_TYPE_ENTERPRISE', licenseNumber: '123' },
      empty,
      'license',
    );
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['licenseCopy', 'required'],
      ['licenseNumber', 'invalid_format'],
      ['merchantName', 'required'],
      ['legalPerson', 'required'],
    ]);
    expect(stepErrors(empty, empty, 'contact').map((e) => e.field)).toEqual([
      'contactName',
      'contactMobile',
      'contactEmail',
    ]);
  });

  it('accepts a masked personal value the server holds, but checks a newly typed one', () => {
    const server = toWizardValues(maskFormData(completeFormDataFixture()));
    expect(stepErrors(server, server, 'review')).toEqual([]);
    const typed = stepErrors({ ...server, idCardNumber: '12345' }, server, 'legalPerson');
    expect(typed).toMatchObject([{ field: 'idCardNumber', code: 'invalid_format' }]);
  });

  it('lists conditional fields on review in wizard order', () => {
    const values = {
      ...toWizardValues(completeFormDataFixture()),
      salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'],
      idCardAddress: '',
    };
    expect(stepErrors(values, values, 'review').map((e) => e.field)).toEqual(['idCardAddress', 'miniProgramAppid']);
  });
});

describe('submitErrorsToFields', () => {
  it('maps 422 pointers to fields in wizard order and drops non-formData pointers', () => {
    const mapped = submitErrorsToFields([
      { pointer: '/formData/contactEmail', code: 'invalid_format', message: 'bad' },
      { pointer: '/formData/storeEntrancePics/0', code: 'invalid_format', message: 'bad item' },
      { pointer: '/formData/storeEntrancePics/1', code: 'invalid_format', message: 'bad item' },
      { pointer: '/commissionRate', code: 'invalid_value', message: 'x' },
      { pointer: '/formData/bogus', code: 'unknown_field', message: 'x' },
    ]);
    expect(mapped.map((e) => e.field)).toEqual(['storeEntrancePics', 'contactEmail']);
  });
});
