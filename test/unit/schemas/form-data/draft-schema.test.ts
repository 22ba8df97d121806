import { describe, expect, it } from 'vitest';
import { formDataDraftSchema } from '@/schemas/form-data/draft-schema';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';

const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);

const issuePaths = (input: unknown) => {
  const result = formDataDraftSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('/'), code: i.code })).sort(byPath);
};

describe('formDataDraftSchema', () => {
  it('accepts empty, partial and complete formData without checking required-ness or formats', () => {
    expect(formDataDraftSchema.safeParse({}).success).toBe(true);
    expect(formDataDraftSchema.safeParse({ contactMobile: '123', idCardPeriodEnd: 'soon' }).success).toBe(true);
    expect(formDataDraftSchema.parse(completeFormDataFixture())).toEqual(completeFormDataFixture());
  });

  it('accepts null as "remove this key"', () => {
    expect(formDataDraftSchema.parse({ contactName: null, storeIndoorPics: null })).toEqual({
      contactName: null,
      storeIndoorPics: null,
    });
  });

  it('rejects unknown keys', () => {
    expect(issuePaths({ contactName: 'a', nickname: 'b' })).toEqual([{ path: '', code: 'unrecognized_keys' }]);
  });

  it('checks types, enum values, lengths and array sizes', () => {
    expect(
      issuePaths({
        contactName: 'x'.repeat(101),
        merchantName: 1,
        subjectType: 'COMPANY',
        storeEntrancePics: 'media-1',
        storeIndoorPics: Array.from({ length: 21 }, () => 'm'),
        salesScene: ['SALES_SCENES_WEB', 'X'],
        idCardAddress: 'x'.repeat(256),
      }),
    ).toEqual(
      [
        { path: 'contactName', code: 'too_big' },
        { path: 'merchantName', code: 'invalid_type' },
        { path: 'idCardAddress', code: 'too_big' },
        { path: 'salesScene', code: 'invalid_union' },
        { path: 'storeEntrancePics', code: 'invalid_type' },
        { path: 'storeIndoorPics', code: 'too_big' },
        { path: 'subjectType', code: 'invalid_value' },
      ].sort(byPath),
    );
  });

  it('accepts salesScene as one value or an array', () => {
    expect(formDataDraftSchema.safeParse({ salesScene: 'SALES_SCENES_STORE' }).success).toBe(true);
    expect(formDataDraftSchema.safeParse({ salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_WEB'] }).success).toBe(
      true,
    );
  });
});
