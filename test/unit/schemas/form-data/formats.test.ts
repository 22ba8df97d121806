import { describe, expect, it } from 'vitest';
import {
  idNumberCheckChar,
  isAccountNumber,
  isAreaCode,
  isBankBranchId,
  isEmail,
  isHostname,
  isIsoDate,
  isLicenseNumber,
  isMainlandIdNumber,
  isMainlandMobile,
  isMiniProgramAppid,
  isServicePhone,
} from '@/schemas/form-data/formats';

describe('mainland ID number (ISO 7064 MOD 11-2)', () => {
  it('accepts the GB 11643 example numbers, including an X check character', () => {
    expect(isMainlandIdNumber('11010519491231002X')).toBe(true);
    expect(isMainlandIdNumber('440524188001010014')).toBe(true);
    expect(idNumberCheckChar('44052418800101001')).toBe('4');
  });

  it('computes every one of the 11 check characters (vectors from an independent implementation)', () => {
    const vectors = [
      '44030519900101000X',
      '440305199001010018',
      '440305199001010026',
      '440305199001010034',
      '440305199001010042',
      '440305199001010050',
      '440305199001010069',
      '440305199001010077',
      '440305199001010085',
      '440305199001010093',
      '440305199001010181',
    ];
    for (const id of vectors) {
      expect(isMainlandIdNumber(id), id).toBe(true);
      expect(isMainlandIdNumber(id.slice(0, 17) + (id.endsWith('0') ? '1' : '0')), id).toBe(false);
    }
  });

  it('rejects a wrong check character, a changed digit, lower-case x and wrong lengths', () => {
    expect(isMainlandIdNumber('110105194912310021')).toBe(false);
    expect(isMainlandIdNumber('11010519491231003X')).toBe(false);
    expect(isMainlandIdNumber('11010519491231002x')).toBe(false);
    expect(isMainlandIdNumber('11010519491231002')).toBe(false);
    expect(isMainlandIdNumber('11010519491231002X0')).toBe(false);
    expect(isMainlandIdNumber('**************002X')).toBe(false);
  });
});

describe('business license number', () => {
  it('accepts valid unified social credit codes and legacy 15-digit numbers', () => {
    expect(isLicenseNumber('91350100M000100Y43')).toBe(true);
    expect(isLicenseNumber('91110108551385082Q')).toBe(true);
    expect(isLicenseNumber('110108012345678')).toBe(true);
  });

  it('rejects a bad check character, forbidden letters and wrong lengths', () => {
    expect(isLicenseNumber('91350100M000100Y44')).toBe(false);
    expect(isLicenseNumber('91350100M000100I43')).toBe(false);
    expect(isLicenseNumber('91350100M000100Y4')).toBe(false);
    expect(isLicenseNumber('11010801234567')).toBe(false);
  });
});

describe('other formats', () => {
  it('mobile: 11 digits starting 13–19', () => {
    expect(isMainlandMobile('13800138000')).toBe(true);
    expect(isMainlandMobile('19912345678')).toBe(true);
    expect(isMainlandMobile('12800138000')).toBe(false);
    expect(isMainlandMobile('1380013800')).toBe(false);
    expect(isMainlandMobile('+8613800138000')).toBe(false);
  });

  it('e-mail', () => {
    expect(isEmail('zhang.san+shop@example.com.cn')).toBe(true);
    expect(isEmail('zhangsan@example')).toBe(false);
    expect(isEmail('zhang san@example.com')).toBe(false);
    expect(isEmail('z***@example.com')).toBe(false);
    expect(isEmail('a..b@example.com')).toBe(false);
  });

  it('dates exist and are written YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('2023-1-01')).toBe(false);
    expect(isIsoDate('2023/01/01')).toBe(false);
  });

  it('account number: digits only, 8–30', () => {
    expect(isAccountNumber('12345678')).toBe(true);
    expect(isAccountNumber('1'.repeat(30))).toBe(true);
    expect(isAccountNumber('1234567')).toBe(false);
    expect(isAccountNumber('1'.repeat(31))).toBe(false);
    expect(isAccountNumber('6222 0212 3456')).toBe(false);
  });

  it('service phone: digits and dashes', () => {
    expect(isServicePhone('0755-86013388')).toBe(true);
    expect(isServicePhone('4001234567')).toBe(true);
    expect(isServicePhone('-----')).toBe(false);
    expect(isServicePhone('0755 86013388')).toBe(false);
    expect(isServicePhone('1234')).toBe(false);
  });

  it('mini program appid, hostname, area code and CNAPS number', () => {
    expect(isMiniProgramAppid('wx0123456789abcdef')).toBe(true);
    expect(isMiniProgramAppid('wx0123456789ABCDEF')).toBe(false);
    expect(isMiniProgramAppid('wx0123456789abcde')).toBe(false);
    expect(isHostname('shop.example.com')).toBe(true);
    expect(isHostname('xn--fiqs8s.xn--fiqs8s')).toBe(true);
    expect(isHostname('https://shop.example.com')).toBe(false);
    expect(isHostname('shop.example.com/path')).toBe(false);
    expect(isHostname('localhost')).toBe(false);
    expect(isHostname('-bad.example.com')).toBe(false);
    expect(isAreaCode('440305')).toBe(true);
    expect(isAreaCode('44030')).toBe(false);
    expect(isBankBranchId('102391000018')).toBe(true);
    expect(isBankBranchId('10239100001')).toBe(false);
  });
});
