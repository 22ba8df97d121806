import { describe, expect, it } from 'vitest';
import {
  REFERENCE_DATA_VERSION,
  findBank,
  isAlipayAppId,
  isAlipayLogonId,
  isCityCode,
  isFinestRegion,
  referenceSources,
  regionPath,
  settlementRulesFor,
} from '@/domain/reference';

describe('reference data', () => {
  it('says where every table comes from and when it was checked', () => {
    expect(referenceSources.length).toBeGreaterThanOrEqual(6);
    for (const table of referenceSources) {
      expect(table.source.length, table.id).toBeGreaterThan(10);
      expect(table.date, table.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(REFERENCE_DATA_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/);
  });

  it('has a settlement rule for every subject type, each with industries that need no extra documents', () => {
    for (const subjectType of [
      'SUBJECT_TYPE_ENTERPRISE',
      'SUBJECT_TYPE_INDIVIDUAL',
      'SUBJECT_TYPE_INSTITUTIONS',
      'SUBJECT_TYPE_GOVERNMENT',
      'SUBJECT_TYPE_OTHERS',
    ] as const) {
      const rules = settlementRulesFor(subjectType);
      expect(rules.length, subjectType).toBeGreaterThan(0);
      expect(rules.some((r) => r.qualificationTypes.some((q) => q.qualifications.length === 0))).toBe(true);
    }
  });

  it('knows region levels: municipalities, cities without districts, unknown codes', () => {
    expect(regionPath('350102').map((r) => r.name)).toEqual(['福建省', '福州市', '鼓楼区']);
    expect(isCityCode('110000')).toBe(true);
    expect(isCityCode('350000')).toBe(false);
    expect(isCityCode('350102')).toBe(false);
    expect(isFinestRegion('441900')).toBe(true);
    expect(isFinestRegion('350100')).toBe(false);
    expect(regionPath('999999')).toEqual([]);
  });

  it('tells the banks and ids of each provider apart', () => {
    expect(findBank('providerA', '其他银行')?.needsBranch).toBe(true);
    expect(findBank('providerB', '其他银行')).toBeUndefined();
    expect(isAlipayAppId('2021001234567890')).toBe(true);
    expect(isAlipayAppId('wx0123456789abcdef')).toBe(false);
    expect(isAlipayLogonId('13800138000') && isAlipayLogonId('a@example.com')).toBe(true);
    expect(isAlipayLogonId('shop-owner')).toBe(false);
  });
});
