/**
 * The upstreams' business rules on formData, from the shipped reference tables (src/domain/reference): the same
 * tables the sandbox checks, so a submit that passes here is one the upstream accepts (docs/upstream/providerA.md
 * B.10–B.11, providerB.md D.6). Messages say what to send instead and never repeat a personal value.
 */
import {
  banksFor,
  findBank,
  findMcc,
  findRegion,
  findSettlementRule,
  isAlipayAppId,
  isAlipayLogonId,
  isReservedEmailDomain,
  isBankCityCode,
  isCityOrDistrictCode,
  isFinestRegion,
  settlementRulesFor,
  type Provider,
  type SubjectType,
} from '@/domain/reference';
import { PERMANENT_DATE, formDataFields, subjectTypes, type FormDataField } from './fields';
import { fieldError, formDataPointer } from './field-checks';
import { isIsoDate, isMiniProgramAppid } from './formats';
import type { FormDataFieldError } from './types';

type LooseFormData = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const invalid = (field: FormDataField, message: string) =>
  fieldError(formDataPointer(field), 'invalid_value', `${formDataFields[field].label.en} ${message}`);
const lookUp = (kind: string) => `(GET /v1/payments/reference/${kind})`;

function settlementErrors(formData: LooseFormData): FormDataFieldError[] {
  const settlementId = text(formData.settlementId);
  const qualificationType = text(formData.qualificationType);
  // An unknown subject type is reported by its own enum check; the rule is then judged without it.
  const subjectType = subjectTypes.find((type) => type === formData.subjectType) as SubjectType | undefined;
  if (!settlementId) return [];
  const rule = findSettlementRule(settlementId);
  const ids = settlementRulesFor(subjectType)
    .map((r) => r.settlementId)
    .join(', ');
  if (!rule || (subjectType && rule.subjectType !== subjectType)) {
    const forSubject = subjectType ? ` for ${subjectType}` : '';
    return [
      invalid('settlementId', `must be a settlement rule id${forSubject}: ${ids} ${lookUp('settlement-rules')}.`),
    ];
  }
  if (qualificationType && !rule.qualificationTypes.some((q) => q.name === qualificationType)) {
    const names = rule.qualificationTypes.map((q) => q.name).join('、');
    return [invalid('qualificationType', `must be an industry of settlement rule ${settlementId}: ${names}.`)];
  }
  return [];
}

function bankErrors(formData: LooseFormData, provider: Provider): FormDataFieldError[] {
  const bank = text(formData.accountBank);
  if (!bank || findBank(provider, bank)) return [];
  const hint = provider === 'providerA' ? '; a bank outside them is 其他银行 with bankBranchId' : '';
  const names = banksFor(provider)
    .map((b) => b.name)
    .join('、');
  return [
    invalid('accountBank', `must be one of the bank names ${provider} accepts: ${names}${hint} ${lookUp('banks')}.`),
  ];
}

function regionErrors(formData: LooseFormData, provider: Provider): FormDataFieldError[] {
  const errors: FormDataFieldError[] = [];
  const store = text(formData.storeAddressCode);
  const storeOk = provider === 'providerB' ? isFinestRegion : isCityOrDistrictCode;
  if (store && /^\d{6}$/.test(store) && !storeOk(store)) {
    const level = provider === 'providerB' ? 'a district (or a city without districts)' : 'a city or district';
    const why = findRegion(store)
      ? `names a ${findRegion(store)!.level}; send ${level}`
      : `is not a GB/T 2260 code; send ${level}`;
    errors.push(invalid('storeAddressCode', `${why} ${lookUp('regions')}.`));
  }
  const bank = text(formData.bankAddressCode);
  if (bank && /^\d{6}$/.test(bank) && !isBankCityCode(bank)) {
    const why = findRegion(bank) ? `names a ${findRegion(bank)!.level}` : 'is not a GB/T 2260 code';
    errors.push(
      invalid('bankAddressCode', `${why}; send the code of the branch's city or district ${lookUp('regions')}.`),
    );
  }
  return errors;
}

// An ID card or licence that has ended cannot be verified upstream. Dates compare as ISO strings.
function expiryErrors(formData: LooseFormData, today: string): FormDataFieldError[] {
  return (['idCardPeriodEnd', 'licensePeriodEnd'] as const).flatMap((field) => {
    const end = text(formData[field]);
    if (!end || end === PERMANENT_DATE || !isIsoDate(end) || end >= today) return [];
    return [invalid(field, 'has passed: the document has expired; upload a valid one and its dates.')];
  });
}

function miniProgramErrors(formData: LooseFormData, provider: Provider): FormDataFieldError[] {
  const appid = text(formData.miniProgramAppid);
  if (!appid) return [];
  if (provider === 'providerB' && !isAlipayAppId(appid))
    return [
      invalid('miniProgramAppid', 'must be an Alipay mini program app id: 16 digits starting with 20 (not a wx… id).'),
    ];
  if (provider === 'providerA' && !isMiniProgramAppid(appid))
    return [invalid('miniProgramAppid', 'must be a WeChat AppID: "wx" followed by 16 lower-case hex digits.')];
  return [];
}

function alipayErrors(formData: LooseFormData): FormDataFieldError[] {
  const errors: FormDataFieldError[] = [];
  const logonId = text(formData.bindingAlipayLogonId);
  if (logonId && !isAlipayLogonId(logonId))
    errors.push(
      invalid('bindingAlipayLogonId', 'must be the mobile number or e-mail a real-name Alipay account logs in with.'),
    );
  else if (logonId && isReservedEmailDomain(logonId))
    errors.push(
      invalid(
        'bindingAlipayLogonId',
        'is at a reserved domain (example.com/.net/.org, .invalid, .test, .example, .localhost) that has no mailbox, so no Alipay account can log in with it; send the real-name account of the seller.',
      ),
    );
  const mcc = text(formData.mcc);
  if (mcc && !findMcc(mcc))
    errors.push(invalid('mcc', `must be an Alipay MCC code ${lookUp('mcc?provider=providerB')}.`));
  return errors;
}

/** Every rule of the provider's tables the formData breaks (values already present; required-ness is elsewhere). */
export function providerRuleErrors(
  formData: LooseFormData,
  provider: Provider,
  today = new Date().toISOString().slice(0, 10),
): FormDataFieldError[] {
  return [
    ...(provider === 'providerA' ? settlementErrors(formData) : alipayErrors(formData)),
    ...bankErrors(formData, provider),
    ...regionErrors(formData, provider),
    ...expiryErrors(formData, today),
    ...miniProgramErrors(formData, provider),
  ];
}
