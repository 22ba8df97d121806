import { baseRequiredFields, formDataFieldNames, salesScenes, type FormDataField, type SalesScene } from './fields';

type LooseFormData = Readonly<Record<string, unknown>>;

/** Fields each sales scene adds at submit (docs/product/service.md §2.2). Other scenes add none. */
export const sceneRequiredFields: Partial<Record<SalesScene, readonly FormDataField[]>> = {
  SALES_SCENES_STORE: ['storeName', 'storeAddressCode', 'storeAddress', 'storeEntrancePics', 'storeIndoorPics'],
  SALES_SCENES_MINI_PROGRAM: ['miniProgramAppid'],
  SALES_SCENES_WEB: ['websiteDomain'],
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

/** Every field required at submit for this formData: base fields plus what each condition adds. */
export function requiredFieldsFor(formData: LooseFormData): FormDataField[] {
  const required = new Set<FormDataField>(baseRequiredFields);
  if (isEnterprise(formData)) enterpriseRequiredFields.forEach((field) => required.add(field));
  for (const scene of salesScenesOf(formData)) sceneRequiredFields[scene]?.forEach((field) => required.add(field));
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
export function currentlyDue(formData: LooseFormData): FormDataField[] {
  return requiredFieldsFor(formData).filter((field) => isMissing(formData[field]));
}
