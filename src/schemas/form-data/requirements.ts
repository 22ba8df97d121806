import type { Provider } from '@/domain/reference/types';
import { findBank } from '@/domain/reference/wechat-banks';
import { baseRequiredFields, formDataFieldNames, salesScenes, type FormDataField, type SalesScene } from './fields';

type LooseFormData = Readonly<Record<string, unknown>>;

/** Fields each sales scene adds at submit (docs/product/service.md §2.2). Other scenes add none. */
export const sceneRequiredFields: Partial<Record<SalesScene, readonly FormDataField[]>> = {
  SALES_SCENES_STORE: ['storeName', 'storeAddressCode', 'storeAddress', 'storeEntrancePics', 'storeIndoorPics'],
  SALES_SCENES_MINI_PROGRAM: ['miniProgramAppid'],
  SALES_SCENES_WEB: ['websiteDomain'],
};

/**
 * Fields only one provider takes (docs/upstream/providerA.md B.2, B.10; providerB.md D.2, D.6): WeChat's settlement rule,
 * industry and the bank's city; Alipay's signing account and MCC, and for a 公众号 (jsapi支付) scene the Alipay
 * mini program its site names.
 */
export const providerRequiredFields: Record<Provider, readonly FormDataField[]> = {
  providerA: ['settlementId', 'qualificationType', 'bankAddressCode'],
  providerB: ['bindingAlipayLogonId', 'mcc'],
};
const providerSceneRequiredFields: Record<Provider, Partial<Record<SalesScene, readonly FormDataField[]>>> = {
  providerA: {},
  providerB: { SALES_SCENES_MP: ['miniProgramAppid'] },
};

/** An enterprise needs the address on the legal person's ID and a corporate account (type checked at submit). */
export const enterpriseRequiredFields: readonly FormDataField[] = ['idCardAddress', 'bankAccountType'];

/** The sales scenes named in formData, whether `salesScene` holds one value or an array; unknown values ignored. */
export function salesScenesOf(formData: LooseFormData): SalesScene[] {
  const raw = formData.salesScene;
  const values = Array.isArray(raw) ? raw : [raw];
  return salesScenes.filter((scene) => values.includes(scene));
}

export function isEnterprise(formData: LooseFormData): boolean {
  return formData.subjectType === 'SUBJECT_TYPE_ENTERPRISE';
}

/**
 * Every field required at submit for this formData and provider: base fields, the provider's own, and what each
 * condition adds. Without a provider, WeChat's (the console's default provider).
 */
export function requiredFieldsFor(formData: LooseFormData, provider: Provider = 'providerA'): FormDataField[] {
  const required = new Set<FormDataField>([...baseRequiredFields, ...providerRequiredFields[provider]]);
  if (isEnterprise(formData)) enterpriseRequiredFields.forEach((field) => required.add(field));
  for (const scene of salesScenesOf(formData)) {
    sceneRequiredFields[scene]?.forEach((field) => required.add(field));
    providerSceneRequiredFields[provider][scene]?.forEach((field) => required.add(field));
  }
  // WeChat's 其他银行 names no bank: the branch's 联行号 says which (docs/upstream/providerA.md B.10).
  const bank = typeof formData.accountBank === 'string' ? findBank(provider, formData.accountBank) : undefined;
  if (provider === 'providerA' && bank?.needsBranch) required.add('bankBranchId');
  return formDataFieldNames.filter((field) => required.has(field));
}

/** Missing means absent, null, a blank string or an empty array. */
export function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** formData fields still missing for submit (required-ness only; formats are checked by validateFormDataForSubmit). */
export function currentlyDue(formData: LooseFormData, provider: Provider = 'providerA'): FormDataField[] {
  return requiredFieldsFor(formData, provider).filter((field) => isMissing(formData[field]));
}
