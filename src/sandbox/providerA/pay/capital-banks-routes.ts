import { sandboxAreas, sandboxBanks, sandboxBranches } from './capital-banks-data';
import { errorResponse, jsonResponse, type ResponseSigner } from './respond';

const MAX_LIMIT = 200;

function page<T>(signer: ResponseSigner, url: URL, rows: T[], extra: Record<string, unknown> = {}): Response {
  const offset = Number(url.searchParams.get('offset') ?? '0');
  const limit = Number(url.searchParams.get('limit') ?? String(MAX_LIMIT));
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return errorResponse(signer, 400, 'PARAM_ERROR', '参数错误，offset 或 limit 取值不合法', {
      location: 'query',
      issue: `offset ≥ 0, 1 ≤ limit ≤ ${MAX_LIMIT}`,
    });
  }
  const data = rows.slice(offset, offset + limit);
  return jsonResponse(signer, 200, {
    total_count: rows.length,
    count: data.length,
    data,
    offset,
    links: { self: `${url.pathname}?offset=${offset}&limit=${limit}` },
    ...extra,
  });
}

const bankView = (bank: (typeof sandboxBanks)[number]) => ({
  bank_alias: bank.bank_alias,
  bank_alias_code: bank.bank_alias_code,
  account_bank: bank.account_bank,
  account_bank_code: bank.account_bank_code,
  need_bank_branch: bank.need_bank_branch,
});

/**
 * WeChat's bank and branch look-up (`/v3/capital/capitallhh/…`, docs/upstream/providerA.md B.12), read-only and
 * the same for every merchant. `route` starts at `/v3/`.
 */
export function handleCapitalRequest(signer: ResponseSigner, url: URL, route: string): Response | undefined {
  if (route === '/v3/capital/capitallhh/banks/corporate-banking')
    return page(signer, url, sandboxBanks.filter((b) => b.corporate).map(bankView));
  if (route === '/v3/capital/capitallhh/banks/personal-banking')
    return page(signer, url, sandboxBanks.filter((b) => b.personal).map(bankView));
  if (route === '/v3/capital/capitallhh/areas/provinces') {
    const data = sandboxAreas.map(({ province_name, province_code }) => ({ province_name, province_code }));
    return jsonResponse(signer, 200, { data, total_count: data.length });
  }
  const cities = route.match(/^\/v3\/capital\/capitallhh\/areas\/provinces\/(\d+)\/cities$/);
  if (cities) {
    const province = sandboxAreas.find((p) => String(p.province_code) === cities[1]);
    const data = (province?.cities ?? []).map(({ city_name, city_code }) => ({ city_name, city_code }));
    return jsonResponse(signer, 200, { data, total_count: data.length });
  }
  const branches = route.match(/^\/v3\/capital\/capitallhh\/banks\/([^/]+)\/branches$/);
  if (branches) {
    const bank = sandboxBanks.find((b) => b.bank_alias_code === decodeURIComponent(branches[1]!));
    const cityCode = url.searchParams.get('city_code');
    if (!cityCode || !/^\d+$/.test(cityCode)) {
      return errorResponse(signer, 400, 'PARAM_ERROR', '输入源“/query/city_code”必填性规则校验失败，此字段为必填项', {
        location: 'query',
        field: 'city_code',
      });
    }
    if (!bank) return errorResponse(signer, 404, 'RESOURCE_NOT_EXISTS', '银行别名编码不存在');
    return page(signer, url, sandboxBranches(bank, Number(cityCode)), {
      account_bank: bank.account_bank,
      account_bank_code: bank.account_bank_code,
      bank_alias: bank.bank_alias,
      bank_alias_code: bank.bank_alias_code,
    });
  }
  return undefined;
}
