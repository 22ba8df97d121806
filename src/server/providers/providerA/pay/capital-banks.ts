import { AppError } from '@/server/errors';
import { parseJsonObject, type PayTransport } from './http-transport';

export type BankBranch = { name: string; branchId: string };

export type BranchSearch = {
  /** `account_bank` of the seventeen, or the bank's own name (e.g. 厦门银行) for `其他银行`. */
  bankName: string;
  /** Names of the GB/T 2260 province and city; WeChat's area codes are its own and are looked up by name. */
  provinceName: string;
  cityName: string;
  /** Keep branches whose name contains this. */
  q?: string;
};

type Row = Record<string, unknown>;
const PAGE = 200;
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

async function getJson(transport: PayTransport, path: string): Promise<Row> {
  const result = await transport.send({ method: 'GET', path, signBody: '' });
  if (result.ok) return parseJsonObject(result.bodyText);
  if (result.status === 404) return { data: [] };
  const code = result.error.code ?? `HTTP ${result.status}`;
  throw new AppError('upstream_unavailable', `providerA refused the bank look-up (${code}).`);
}

/** Every row of a paged capitallhh list (`offset`/`limit`, `total_count`) (docs/upstream/providerA.md B.12). */
async function allPages(transport: PayTransport, path: string, query: Record<string, string> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const params = new URLSearchParams({ ...query, offset: String(offset), limit: String(PAGE) });
    const page = await getJson(transport, `${path}?${params.toString()}`);
    const data = Array.isArray(page.data) ? (page.data as Row[]) : [];
    rows.push(...data);
    const total = typeof page.total_count === 'number' ? page.total_count : rows.length;
    if (data.length === 0 || rows.length >= total || offset > 10_000) return rows;
  }
}

const sameName = (a: string, b: string) => a === b || a.replace(/(省|市|自治区|特别行政区)$/, '') === b;

/** WeChat's own city code for a city, found by province and city name; undefined when WeChat has no such city. */
async function wechatCityCode(transport: PayTransport, provinceName: string, cityName: string) {
  const provinces = await allPages(transport, '/v3/capital/capitallhh/areas/provinces');
  const province = provinces.find((p) => sameName(text(p.province_name), provinceName.replace(/(省|市)$/, '')));
  if (!province) return undefined;
  const cities = await getJson(
    transport,
    `/v3/capital/capitallhh/areas/provinces/${encodeURIComponent(text(province.province_code))}/cities`,
  );
  const list = Array.isArray(cities.data) ? (cities.data as Row[]) : [];
  const city = list.find((c) => sameName(text(c.city_name), cityName.replace(/市$/, '')));
  return city ? text(city.city_code) : undefined;
}

/** The bank's `bank_alias_code`, from the corporate and personal bank lists. */
async function bankAliasCode(transport: PayTransport, bankName: string) {
  for (const list of ['corporate-banking', 'personal-banking']) {
    const banks = await allPages(transport, `/v3/capital/capitallhh/banks/${list}`);
    const bank =
      banks.find((b) => text(b.bank_alias) === bankName) ??
      banks.find((b) => text(b.account_bank) === bankName && bankName !== '其他银行');
    if (bank) return text(bank.bank_alias_code);
  }
  return undefined;
}

/**
 * Branches (支行 and their 联行号) of a bank in a city, through WeChat's bank and branch query API
 * (docs/upstream/providerA.md B.12). Unknown bank or city: an empty list.
 */
export async function searchBankBranches(transport: PayTransport, search: BranchSearch): Promise<BankBranch[]> {
  const [aliasCode, cityCode] = await Promise.all([
    bankAliasCode(transport, search.bankName),
    wechatCityCode(transport, search.provinceName, search.cityName),
  ]);
  if (!aliasCode || !cityCode) return [];
  const rows = await allPages(transport, `/v3/capital/capitallhh/banks/${encodeURIComponent(aliasCode)}/branches`, {
    city_code: cityCode,
  });
  return rows
    .map((row) => ({ name: text(row.bank_branch_name), branchId: text(row.bank_branch_id) }))
    .filter((branch) => branch.name && branch.branchId && (!search.q || branch.name.includes(search.q)));
}
