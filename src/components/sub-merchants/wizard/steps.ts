import { fieldAcceptedBy, type FormDataField } from '@/schemas/form-data/fields';
import { salesScenesOf } from '@/schemas/form-data/requirements';
import type { MessageKey } from '@/i18n/messages/en';
import type { Provider } from '@/domain/providers';
import { findBank } from '@/domain/reference/wechat-banks';

/** The wizard's steps in order; `review` holds no fields of its own. */
export const stepIds = ['license', 'legalPerson', 'business', 'settlement', 'contact', 'review'] as const;
export type StepId = (typeof stepIds)[number];
export type FieldStepId = Exclude<StepId, 'review'>;

export const isStepId = (value: unknown): value is StepId => (stepIds as readonly unknown[]).includes(value);

export const stepTitleKeys: Record<StepId, MessageKey> = {
  license: 'subMerchants.step.license',
  legalPerson: 'subMerchants.step.legalPerson',
  business: 'subMerchants.step.business',
  settlement: 'subMerchants.step.settlement',
  contact: 'subMerchants.step.contact',
  review: 'subMerchants.step.review',
};

/** The same steps in a shop owner's words, on the seller's hosted form. */
export const sellerStepTitleKeys: Record<StepId, MessageKey> = {
  license: 'onboarding.step.license',
  legalPerson: 'onboarding.step.legalPerson',
  business: 'onboarding.step.business',
  settlement: 'onboarding.step.settlement',
  contact: 'onboarding.step.contact',
  review: 'onboarding.step.review',
};

/** Every formData field lives on exactly one step (a unit test holds the catalogue to that). */
export const stepFields: Record<FieldStepId, readonly FormDataField[]> = {
  license: [
    'subjectType',
    'licenseCopy',
    'licenseNumber',
    'merchantName',
    'legalPerson',
    'licenseAddress',
    'licensePeriodBegin',
    'licensePeriodEnd',
  ],
  legalPerson: [
    'idCardCopy',
    'idCardNational',
    'idCardName',
    'idCardNumber',
    'idCardAddress',
    'idCardPeriodBegin',
    'idCardPeriodEnd',
  ],
  business: [
    'merchantShortname',
    'servicePhone',
    'settlementId',
    'qualificationType',
    'mcc',
    'salesScene',
    'storeName',
    'storeAddressCode',
    'storeAddress',
    'storeEntrancePics',
    'storeIndoorPics',
    'miniProgramAppid',
    'websiteDomain',
  ],
  settlement: ['bankAccountType', 'accountName', 'accountBank', 'accountNumber', 'bankAddressCode', 'bankBranchId'],
  contact: ['contactName', 'contactMobile', 'contactEmail', 'bindingAlipayLogonId'],
};

export const fieldSteps = stepIds.filter((s): s is FieldStepId => s !== 'review');

export function stepOfField(field: string): FieldStepId | undefined {
  return fieldSteps.find((step) => (stepFields[step] as readonly string[]).includes(field));
}

type Values = Readonly<Record<string, unknown>>;

/**
 * Whether a field is shown for these values and the record's provider (without one, every provider's fields).
 * Conditions follow the submit rules (requirements.ts): the ID address with an enterprise, each sales scene's own
 * fields, and the branch number with a corporate account (the upstream wants the CNAPS number of the account's
 * branch for corporate accounts).
 */
export function isFieldVisible(field: FormDataField, values: Values, provider?: Provider): boolean {
  // Fields only one provider's application carries: the registry's `providers` (fields.ts).
  if (provider && !fieldAcceptedBy(field, provider)) return false;
  const scenes = salesScenesOf(values);
  switch (field) {
    case 'idCardAddress':
      return values.subjectType === 'SUBJECT_TYPE_ENTERPRISE';
    case 'storeName':
    case 'storeAddressCode':
    case 'storeAddress':
    case 'storeEntrancePics':
    case 'storeIndoorPics':
      return scenes.includes('SALES_SCENES_STORE');
    case 'miniProgramAppid':
      // Alipay's 公众号 (jsapi) scene names the Alipay mini program it runs in.
      return (
        scenes.includes('SALES_SCENES_MINI_PROGRAM') || (provider === 'providerB' && scenes.includes('SALES_SCENES_MP'))
      );
    case 'websiteDomain':
      return scenes.includes('SALES_SCENES_WEB');
    case 'bankBranchId':
      // WeChat's 其他银行 names no bank, so its branch number says which (requirements.ts).
      return (
        values.bankAccountType === 'BANK_ACCOUNT_TYPE_CORPORATE' ||
        (typeof values.accountBank === 'string' && !!findBank('providerA', values.accountBank)?.needsBranch)
      );
    default:
      return true;
  }
}

export const visibleFieldsOf = (step: FieldStepId, values: Values, provider?: Provider) =>
  stepFields[step].filter((f) => isFieldVisible(f, values, provider));

export const allVisibleFields = (values: Values, provider?: Provider) =>
  fieldSteps.flatMap((step) => visibleFieldsOf(step, values, provider));

export const fieldId = (field: string) => `field-${field}`;
