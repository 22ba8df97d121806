/**
 * Format checks the upstreams apply, run here first so an integrator learns about every problem at once
 * instead of one upstream rejection at a time. Pure functions; no Node-only APIs.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** ISO 7064 MOD 11-2 check character of the first 17 digits of a mainland resident ID number. */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

/** 18-character mainland resident ID number: 17 digits + check character (digit or upper-case X). */
export function isMainlandIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  return idNumberCheckChar(value.slice(0, 17)) === value[17];
}

// GB 32100-2015: the alphabet leaves out I, O, S, V and Z; weights are 3^i mod 31.
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export function unifiedSocialCreditCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_CHARS.indexOf(first17[i] ?? '') * (USCC_WEIGHTS[i] ?? 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] ?? '';
}

/** Business license number: an 18-character unified social credit code, or a legacy 15-digit number. */
export function isLicenseNumber(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^[0-9ABCDEFGHJKLMNPQRTUWXY]{18}$/.test(value)) return false;
  return unifiedSocialCreditCheckChar(value.slice(0, 17)) === value[17];
}

export function isMainlandMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** A calendar date written YYYY-MM-DD that exists (no 2023-02-29). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Settlement account number: digits only; 8–30 covers mainland bank cards and corporate accounts. */
export function isAccountNumber(value: string): boolean {
  return /^\d{8,30}$/.test(value);
}

/** Customer-service phone: digits and dashes, 5–30 characters (e.g. 0755-86013388, 4001234567). */
export function isServicePhone(value: string): boolean {
  return /^[0-9-]{5,30}$/.test(value) && /\d/.test(value) && !value.startsWith('-') && !value.endsWith('-');
}

/** WeChat mini program AppID: `wx` followed by 16 lower-case hex digits. */
export function isMiniProgramAppid(value: string): boolean {
  return /^wx[0-9a-f]{16}$/.test(value);
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`, 'i');

/** A bare hostname (no scheme, path or port), e.g. shop.example.com. */
export function isHostname(value: string): boolean {
  return value.length <= 253 && HOSTNAME.test(value);
}

/** Mainland administrative division code of a province/city (6 digits, e.g. 440305). */
export function isAreaCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** CNAPS bank branch number (12 digits). */
export function isBankBranchId(value: string): boolean {
  return /^\d{12}$/.test(value);
}
