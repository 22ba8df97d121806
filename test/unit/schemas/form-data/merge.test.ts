import { describe, expect, it } from 'vitest';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';
import { maskFormData } from '@/schemas/form-data/mask';
import { mergeFormData } from '@/schemas/form-data/merge';
import type { FormData } from '@/schemas/form-data/types';

describe('mergeFormData', () => {
  it('overwrites values, keeps absent keys and adds new ones', () => {
    const stored: FormData = { contactName: '张三', merchantName: 'A' };
    expect(mergeFormData(stored, { merchantName: 'B', legalPerson: '李四' })).toEqual({
      contactName: '张三',
      merchantName: 'B',
      legalPerson: '李四',
    });
  });

  it('removes a key set to null and ignores undefined', () => {
    const stored: FormData = { contactName: '张三', merchantName: 'A' };
    expect(mergeFormData(stored, { contactName: null, merchantName: undefined })).toEqual({ merchantName: 'A' });
  });

  it('replaces arrays instead of concatenating them', () => {
    const stored: FormData = { storeIndoorPics: ['a', 'b'], salesScene: ['SALES_SCENES_STORE'] };
    expect(mergeFormData(stored, { storeIndoorPics: ['c'], salesScene: 'SALES_SCENES_WEB' })).toEqual({
      storeIndoorPics: ['c'],
      salesScene: 'SALES_SCENES_WEB',
    });
  });

  it('returns a new object and never mutates or aliases its inputs', () => {
    const stored: FormData = { storeIndoorPics: ['a'], contactName: '张三' };
    const patch = { storeEntrancePics: ['e'], contactName: null };
    const merged = mergeFormData(stored, patch);
    merged.storeIndoorPics?.push('x');
    merged.storeEntrancePics?.push('y');
    expect(stored).toEqual({ storeIndoorPics: ['a'], contactName: '张三' });
    expect(patch).toEqual({ storeEntrancePics: ['e'], contactName: null });
    expect(merged).not.toBe(stored);
  });

  it('keeps the stored personal value when the patch echoes its masked form', () => {
    const stored = completeFormDataFixture();
    const echoed = maskFormData(stored);
    expect(echoed.idCardNumber).not.toBe(stored.idCardNumber);
    expect(mergeFormData(stored, echoed)).toEqual(stored);
    // A real change of a personal value still overwrites.
    expect(mergeFormData(stored, { contactMobile: '13900139000' }).contactMobile).toBe('13900139000');
  });
});
