import { describe, expect, it } from 'vitest';
import { codeLabel } from '@/components/sub-merchants/code-labels';

describe('what a picked upstream code stands for (review step, record page)', () => {
  it('names regions from the province down, the MCC and the settlement rule’s rate', () => {
    expect(codeLabel('bankAddressCode', '350102')).toBe('福建省 福州市 鼓楼区');
    expect(codeLabel('storeAddressCode', '350100')).toBe('福建省 福州市');
    expect(codeLabel('mcc', '5499')).toBe('便利店、食品专卖');
    expect(codeLabel('settlementId', '716')).toBe('0.6%');
  });
  it('has no label for a code the tables do not hold, or a field that is not a code', () => {
    expect(codeLabel('bankAddressCode', '999999')).toBeUndefined();
    expect(codeLabel('bankAddressCode', '35010')).toBeUndefined();
    expect(codeLabel('mcc', '0000')).toBeUndefined();
    expect(codeLabel('merchantName', '350102')).toBeUndefined();
  });
});
