import { searchMcc } from '@/domain/reference/alipay-mcc';
import type { Provider, SubjectType } from '@/domain/reference/types';
import { banksFor } from '@/domain/reference/wechat-banks';
import { settlementRulesFor } from '@/domain/reference/wechat-settlement-rules';
import { subjectTypes } from '@/schemas/form-data/fields';

/**
 * What the wizard's pickers offer, from the same reference tables the submit rules and the sandbox check
 * (src/domain/reference), so a value picked here is one the upstream accepts. Each table is imported from its
 * own module: the region table (37 kB gzip) is in region-options.ts, which the region picker loads on demand.
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
