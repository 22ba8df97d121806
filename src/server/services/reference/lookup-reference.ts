/**
 * Reference look-ups for integrators and the console (docs/product/service.md §4.1): the upstreams' own tables,
 * filtered, with the data version. Bank branches come live from providerA's branch look-up, with the GB/T 2260
 * city translated to the upstream's own area numbering (docs/upstream/providerA.md B.12).
 */
import { z } from 'zod';
import {
  REFERENCE_DATA_VERSION,
  banksFor,
  findBank,
  findRegion,
  isBankCityCode,
  regionPath,
  regionsUnder,
  searchMcc,
  settlementRulesFor,
} from '@/domain/reference';
import { subjectTypes } from '@/schemas/form-data';
import { AppError, type FieldError } from '@/server/errors';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import type { PlatformContext } from '../context';

export const referenceKinds = ['settlement-rules', 'banks', 'regions', 'mcc', 'bank-branches'] as const;
export type ReferenceKind = (typeof referenceKinds)[number];

const regionCode = z.string().regex(/^\d{6}$/, 'a 6-digit GB/T 2260 code');

/** Every filter any kind takes; which ones a kind accepts is checked by lookupReference. */
export const referenceFilters = z.strictObject({
  provider: z
    .enum(['providerA', 'providerB'])
    .optional()
    .describe('Whose table: providerA (WeChat) or providerB (Alipay).'),
  subjectType: z.enum(subjectTypes).optional().describe('settlement-rules: only the rules of this subject type.'),
  parent: regionCode.optional().describe('regions: the cities of a province, or the districts of a city.'),
  bank: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('bank-branches: a bank name from `banks` (for 其他银行, the bank’s own name).'),
  city: regionCode
    .optional()
    .describe('bank-branches: the GB/T 2260 code of the city (a municipality’s province code works too).'),
  q: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('banks, mcc, bank-branches: keep rows whose name contains this.'),
});
export type ReferenceFilters = z.infer<typeof referenceFilters>;

type FilterName = keyof ReferenceFilters;
const accepted: Record<ReferenceKind, { required: FilterName[]; optional: FilterName[]; providers?: string[] }> = {
  'settlement-rules': { required: ['provider'], optional: ['subjectType'], providers: ['providerA'] },
  banks: { required: ['provider'], optional: ['q'] },
  regions: { required: [], optional: ['parent'] },
  mcc: { required: ['provider'], optional: ['q'], providers: ['providerB'] },
  'bank-branches': { required: ['provider', 'bank', 'city'], optional: ['q'] },
};

export type ReferenceAnswer = { data: unknown[]; version: string };

const problem = (pointer: string, message: string): FieldError => ({ pointer, code: 'invalid_value', message });

function checkFilters(kind: ReferenceKind, filters: ReferenceFilters) {
  const rule = accepted[kind];
  const errors: FieldError[] = [];
  for (const name of Object.keys(filters) as FilterName[]) {
    if (filters[name] === undefined) continue;
    if (!rule.required.includes(name) && !rule.optional.includes(name))
      errors.push(problem(`/query/${name}`, `${kind} does not take "${name}".`));
  }
  for (const name of rule.required)
    if (filters[name] === undefined)
      errors.push({ pointer: `/query/${name}`, code: 'required', message: `${kind} needs "${name}".` });
  if (rule.providers && filters.provider && !rule.providers.includes(filters.provider))
    errors.push(problem('/query/provider', `${kind} exists for ${rule.providers.join(', ')} only.`));
  if (errors.length) throw new AppError('invalid_request', `Bad filters for ${kind}.`, { errors });
}

const contains = (q: string | undefined, ...texts: string[]) => !q || texts.some((text) => text.includes(q));

export function parseReferenceKind(kind: string): ReferenceKind {
  if ((referenceKinds as readonly string[]).includes(kind)) return kind as ReferenceKind;
  throw new AppError('invalid_request', `Unknown reference kind; use one of ${referenceKinds.join(', ')}.`, {
    errors: [problem('/path/kind', `must be one of ${referenceKinds.join(', ')}`)],
  });
}

export async function lookupReference(
  ctx: PlatformContext,
  { kind, filters }: { kind: ReferenceKind; filters: ReferenceFilters },
): Promise<ReferenceAnswer> {
  checkFilters(kind, filters);
  const answer = (data: unknown[]): ReferenceAnswer => ({ data, version: REFERENCE_DATA_VERSION });
  switch (kind) {
    case 'settlement-rules':
      return answer([...settlementRulesFor(filters.subjectType)]);
    case 'banks':
      return answer(banksFor(filters.provider!).filter((bank) => contains(filters.q, bank.name)));
    case 'mcc':
      return answer([...searchMcc(filters.q)]);
    case 'regions': {
      if (filters.parent && !findRegion(filters.parent))
        throw new AppError('invalid_request', 'Unknown region code.', {
          errors: [problem('/query/parent', 'is not a GB/T 2260 province or city code.')],
        });
      return answer(regionsUnder(filters.parent));
    }
    case 'bank-branches':
      return answer(await bankBranches(ctx, filters));
  }
}

async function bankBranches(ctx: PlatformContext, filters: ReferenceFilters) {
  const errors: FieldError[] = [];
  const bank = filters.bank!;
  // 其他银行 is no bank: the operator names the bank itself, which the upstream's directory knows.
  if (findBank('providerA', bank)?.needsBranch)
    errors.push(problem('/query/bank', 'name the bank itself (e.g. 厦门银行), not 其他银行.'));
  if (!isBankCityCode(filters.city!))
    errors.push(problem('/query/city', 'is not the GB/T 2260 code of a city or district.'));
  if (errors.length) throw new AppError('invalid_request', 'Bad filters for bank-branches.', { errors });
  // A district's branches are its city's: WeChat's directory goes down to the city (B.12).
  const path = regionPath(filters.city!).filter((region) => region.level !== 'district');
  const province = path[0]!;
  const city = path.at(-1)!;
  // CNAPS branch numbers are national: Alipay takes the same 联行号 in biz_cards.bank_code, and has no look-up.
  const upstream = await onboardingProvider('providerA', ctx.platformId);
  if (!upstream.searchBankBranches) return [];
  return upstream.searchBankBranches({
    bankName: bank,
    provinceName: province.name,
    cityName: city.name,
    q: filters.q,
  });
}
