import {
  banksFor,
  findRegion,
  regionPath,
  regionsUnder,
  searchMcc,
  settlementRulesFor,
  type Provider,
  type Region,
  type SubjectType,
} from '@/domain/reference';
import { subjectTypes } from '@/schemas/form-data/fields';

/**
 * What the wizard's pickers offer, from the same reference tables the submit rules and the sandbox check
 * (src/domain/reference), so a value picked here is one the upstream accepts.
 */

export type IndustryOption = {
  qualificationType: string;
  settlementId: string;
  rate: string;
  qualifications: string[];
};

const asSubjectType = (value: unknown) => subjectTypes.find((type) => type === value) as SubjectType | undefined;

/** 所属行业 for a subject type, each with the 结算规则 it belongs to (WeChat: one rule per subject type today). */
export function industryOptions(subjectType: unknown): IndustryOption[] {
  const type = asSubjectType(subjectType);
  if (!type) return [];
  return settlementRulesFor(type).flatMap((rule) =>
    rule.qualificationTypes.map((q) => ({
      qualificationType: q.name,
      settlementId: rule.settlementId,
      rate: rule.rate,
      qualifications: [...q.qualifications],
    })),
  );
}

export const bankOptions = (provider: Provider) => banksFor(provider).map((bank) => bank.name);

export const mccOptions = (q?: string) => searchMcc(q?.trim() || undefined);

export const regionsBelow = (parent?: string): readonly Region[] => regionsUnder(parent);

/** The codes from the province down to `code` ([] for an unknown code), to show a stored code in the cascade. */
export function regionChain(code: string): string[] {
  if (!/^\d{6}$/.test(code) || !findRegion(code)) return [];
  return regionPath(code).map((region) => region.code);
}

/** How deep the region cascade goes: WeChat's bank city stops at the city; store addresses go to the district. */
export type RegionDepth = 'city' | 'district';
