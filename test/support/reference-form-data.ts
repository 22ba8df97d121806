import { alipayMcc, banksFor, regionsUnder, settlementRulesFor } from '../../src/domain/reference';
import type { Provider } from '../../src/domain/providers';
import type { FormDataPatch, SubjectType } from '../../src/schemas/form-data';

/**
 * The codes of an application as an operator picks them from the reference tables (GET /v1/payments/reference):
 * the subject type's first settlement rule and an industry of it needing no extra documents, a bank the provider
 * lists without branch details, Fuzhou's city and first district, and for Alipay a signing account and a
 * non-special MCC.
 */
export function formDataFromReference(
  provider: Provider,
  subjectType: SubjectType = 'SUBJECT_TYPE_ENTERPRISE',
): FormDataPatch {
  const rule = settlementRulesFor(subjectType)[0]!;
  const industry = rule.qualificationTypes.find((q) => q.qualifications.length === 0)!;
  const bank = banksFor(provider).find((b) => !b.needsBranch)!;
  const city = regionsUnder('350000').find((c) => c.name === '福州市')!;
  const district = regionsUnder(city.code)[0]!;
  return {
    subjectType,
    settlementId: rule.settlementId,
    qualificationType: industry.name,
    accountBank: bank.name,
    bankAddressCode: city.code,
    storeAddressCode: district.code,
    // Only an individual business may settle to the owner's own card.
    bankAccountType:
      subjectType === 'SUBJECT_TYPE_INDIVIDUAL' ? 'BANK_ACCOUNT_TYPE_PERSONAL' : 'BANK_ACCOUNT_TYPE_CORPORATE',
    ...(provider === 'providerB'
      ? { bindingAlipayLogonId: '13800138000', mcc: alipayMcc.rows.find((m) => !m.special)!.code }
      : {}),
  };
}
