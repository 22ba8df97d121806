import { describe, expect, it } from 'vitest';
import { baseRequiredFields } from '@/schemas/form-data/fields';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';
import { currentlyDue, salesScenesOf } from '@/schemas/form-data/requirements';

describe('currentlyDue', () => {
  it('lists every base field for empty formData', () => {
    expect(currentlyDue({})).toEqual([...baseRequiredFields]);
  });

  it('is empty for the complete fixture', () => {
    expect(currentlyDue(completeFormDataFixture())).toEqual([]);
  });

  it('adds the enterprise and scene fields that are missing, and ignores formats', () => {
    const data = completeFormDataFixture({
      idCardAddress: null,
      bankAccountType: null,
      storeIndoorPics: [],
      contactMobile: 'not-a-mobile',
      salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_WEB', 'SALES_SCENES_MINI_PROGRAM'],
    });
    expect(currentlyDue(data)).toEqual([
      'idCardAddress',
      'bankAccountType',
      'storeIndoorPics',
      'miniProgramAppid',
      'websiteDomain',
    ]);
  });

  it('does not count a personal account of an enterprise as missing (that is a submit error)', () => {
    expect(currentlyDue(completeFormDataFixture({ bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL' }))).toEqual([]);
  });
});

describe('salesScenesOf', () => {
  it('reads one value or an array and drops unknown values', () => {
    expect(salesScenesOf({ salesScene: 'SALES_SCENES_WEB' })).toEqual(['SALES_SCENES_WEB']);
    expect(salesScenesOf({ salesScene: ['SALES_SCENES_WEB', 'NOPE', 'SALES_SCENES_STORE'] })).toEqual([
      'SALES_SCENES_STORE',
      'SALES_SCENES_WEB',
    ]);
    expect(salesScenesOf({})).toEqual([]);
  });
});
