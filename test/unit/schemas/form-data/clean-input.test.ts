import { describe, expect, it } from 'vitest';
import { cleanFieldValue } from '@/schemas/form-data/clean-input';

describe('cleanFieldValue', () => {
  it('converts full-width digits and letters, removes spaces and upper-cases a licence code', () => {
    expect(cleanFieldValue('licenseNumber', ' ９１３５０１００ｍ０００１００ｙ４３ ')).toBe('91350100M000100Y43');
    expect(cleanFieldValue('accountNumber', '6222 0212 3456 7890 123')).toBe('6222021234567890123');
    expect(cleanFieldValue('contactMobile', '１３８　0013 8000')).toBe('13800138000');
  });

  it('upper-cases only the check character of an ID number', () => {
    expect(cleanFieldValue('idCardNumber', '11010519491231002x')).toBe('11010519491231002X');
  });

  it('only trims names and addresses, keeping their full-width punctuation', () => {
    expect(cleanFieldValue('merchantName', '  示例（福州）科技有限公司 ')).toBe('示例（福州）科技有限公司');
    expect(cleanFieldValue('storeAddress', '鼓楼区 示例路１号')).toBe('鼓楼区 示例路１号');
  });

  it('keeps the dash of a service phone and lower-cases a domain', () => {
    expect(cleanFieldValue('servicePhone', '０５９１－８８８８６６６６')).toBe('0591-88886666');
    expect(cleanFieldValue('servicePhone', ' 0755 8601 3388 ')).toBe('075586013388');
    expect(cleanFieldValue('servicePhone', '400 - 880 - 1234')).toBe('400-880-1234');
    expect(cleanFieldValue('websiteDomain', ' Shop.Example.COM')).toBe('shop.example.com');
  });
});
