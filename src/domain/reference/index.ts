/**
 * The reference data module: every table an application is built from, for both providers, and the look-ups
 * the API, the console, the formData rules and the sandbox share. Isomorphic and self-contained: it imports
 * nothing else from src, so the browser, the server and the emulators read the same rows.
 */
import { alipayMcc, type Mcc } from './alipay-mcc';
import { alipayServiceSites } from './alipay-sites';
import { findRegion, regions, regionsUnder, type Region } from './regions';
import type { ReferenceTable } from './types';
import { wechatSettlementRules, type SettlementRule } from './wechat-settlement-rules';
import { OTHER_BANK, alipayBanks, wechatBanks, type Bank } from './wechat-banks';

export * from './types';
export type { Bank, Mcc, Region, SettlementRule };
export type { RegionLevel } from './regions';
export type { ServiceSiteRule, SiteType } from './alipay-sites';
export { OTHER_BANK, alipayBanks, alipayMcc, alipayServiceSites, regions, wechatBanks, wechatSettlementRules };
export { findRegion, regionPath, regionsUnder } from './regions';
// The look-ups live beside their table, so the browser can import one small table (wechat-banks, …) without the
// region table and every other row this index fingerprints at load.
export { banksFor, findBank } from './wechat-banks';
export { findSettlementRule, settlementRulesFor } from './wechat-settlement-rules';
export { findMcc, searchMcc } from './alipay-mcc';

const tables: ReferenceTable<unknown>[] = [
  wechatSettlementRules,
  wechatBanks,
  alipayBanks,
  alipayMcc,
  alipayServiceSites,
  regions,
];

// FNV-1a over every table's id, date and rows: the version changes whenever any row changes.
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const latestDate = tables
  .map((table) => table.date)
  .sort()
  .at(-1)!;

/** `<newest table date>.<fingerprint>`: integrators cache look-ups until it changes. */
export const REFERENCE_DATA_VERSION = `${latestDate}.${fingerprint(JSON.stringify(tables))}`;

/** Where each table comes from, for documentation and the `sources` of a look-up. */
export const referenceSources = tables.map(({ id, source, date }) => ({ id, source, date }));

export function siteRuleFor(service: string) {
  return alipayServiceSites.rows.find((rule) => rule.service === service);
}

/** A region code usable where a city is asked for: a city, or a municipality's province code (e.g. 110000). */
export function isCityCode(code: string): boolean {
  const region = findRegion(code);
  if (region?.level === 'city') return true;
  return region?.level === 'province' && regionsUnder(code).length === 1;
}

/**
 * WeChat's `bank_address_code`: a code "at least to the city" (docs/upstream/providerA.md B.11): a city, a
 * municipality's province code, or a district.
 */
export function isBankCityCode(code: string): boolean {
  return isCityCode(code) || findRegion(code)?.level === 'district';
}

/** A district, or a city without districts (e.g. 441900 东莞市): the finest level a store address can name. */
export function isFinestRegion(code: string): boolean {
  const region = findRegion(code);
  if (region?.level === 'district') return true;
  return region?.level === 'city' && regionsUnder(code).length === 0;
}

/** 6-digit code of a city or district that exists (WeChat's store address code takes either). */
export function isCityOrDistrictCode(code: string): boolean {
  const level = findRegion(code)?.level;
  return level === 'city' || level === 'district';
}

/** The 16-digit app id Alipay gives a mini program (e.g. 2021001234567890). */
export function isAlipayAppId(value: string): boolean {
  return /^20\d{14}$/.test(value);
}

// Names that can never hold a mailbox (RFC 2606, RFC 6761): no Alipay account can log in with one.
const RESERVED_TLDS = ['invalid', 'test', 'example', 'localhost'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** An e-mail address at a reserved domain (`nobody@example.invalid`, `a@shop.example.com`, `x@y.test`). */
export function isReservedEmailDomain(value: string): boolean {
  const domain = value
    .slice(value.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  if (!value.includes('@') || !domain) return false;
  return (
    RESERVED_TLDS.some((tld) => domain === tld || domain.endsWith(`.${tld}`)) ||
    RESERVED_DOMAINS.some((name) => domain === name || domain.endsWith(`.${name}`))
  );
}

/** Alipay's logon ids: a mainland mobile number or an e-mail address. */
export function isAlipayLogonId(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value) || /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,63}$/.test(value);
}
