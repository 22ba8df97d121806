import { z } from 'zod';
import type { Provider } from '@/domain/reference';
import { PERMANENT_DATE, formDataFieldNames, formDataFields, isFormDataField, type FormDataField } from './fields';
import { checkFieldValue, fieldError, formDataPointer } from './field-checks';
import { isIsoDate } from './formats';
import { providerRuleErrors } from './provider-rules';
import { providerValueErrors } from './provider-values';
import { isEnterprise, isMissing, requiredFieldsFor } from './requirements';
import type { FormData, FormDataFieldError } from './types';

type LooseFormData = Readonly<Record<string, unknown>>;

const dateRanges: ReadonlyArray<readonly [FormDataField, FormDataField]> = [
  ['idCardPeriodBegin', 'idCardPeriodEnd'],
  ['licensePeriodBegin', 'licensePeriodEnd'],
];

// ISO dates compare correctly as strings; `长期` (permanent) is after every date.
function rangeErrors(formData: LooseFormData): FormDataFieldError[] {
  return dateRanges.flatMap(([beginField, endField]) => {
    const begin = formData[beginField];
    const end = formData[endField];
    if (typeof begin !== 'string' || typeof end !== 'string' || end === PERMANENT_DATE) return [];
    if (!isIsoDate(begin) || !isIsoDate(end) || begin < end) return [];
    const message = `${formDataFields[endField].label.en} must be after ${formDataFields[beginField].label.en}.`;
    return [fieldError(formDataPointer(endField), 'invalid_value', message)];
  });
}

function enterpriseAccountErrors(formData: LooseFormData): FormDataFieldError[] {
  if (!isEnterprise(formData) || formData.bankAccountType !== 'BANK_ACCOUNT_TYPE_PERSONAL') return [];
  return [
    fieldError(
      formDataPointer('bankAccountType'),
      'invalid_value',
      'An enterprise must settle to a corporate account: bankAccountType must be BANK_ACCOUNT_TYPE_CORPORATE.',
    ),
  ];
}

/**
 * Full submit validation of merged formData for a provider (default WeChat's). Returns EVERY problem (missing
 * base, provider and conditional fields, types, lengths, formats, cross-field rules, the provider's reference
 * tables, unknown keys), in catalogue order; an empty array means valid.
 */
export function validateFormDataForSubmit(
  formData: LooseFormData,
  provider: Provider = 'providerA',
): FormDataFieldError[] {
  const required = new Set(requiredFieldsFor(formData, provider));
  const errors: FormDataFieldError[] = [];
  for (const field of formDataFieldNames) {
    const value = formData[field];
    if (isMissing(value)) {
      if (required.has(field)) {
        errors.push(fieldError(formDataPointer(field), 'required', `${formDataFields[field].label.en} is required.`));
      }
      continue;
    }
    errors.push(...checkFieldValue(field, value));
  }
  // Table rules only judge values that passed their own format check, so no field is reported twice.
  const malformed = new Set(errors.map((error) => error.pointer.split('/')[2]));
  const tableRules = providerRuleErrors(formData, provider).filter((e) => !malformed.has(e.pointer.split('/')[2]));
  const crossField = [
    ...rangeErrors(formData),
    ...enterpriseAccountErrors(formData),
    ...tableRules,
    ...providerValueErrors(formData, provider),
  ];
  const unknown = Object.keys(formData)
    .filter((key) => !isFormDataField(key))
    .map((key) => fieldError(formDataPointer(key), 'unknown_field', 'This formData field is not known.'));
  return [...errors, ...crossField, ...unknown];
}

/** `/formData/storeEntrancePics/1` → `['storeEntrancePics', 1]` (a zod / react-hook-form path). */
export function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .replace(/^\/formData\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment.replace(/~1/g, '/').replace(/~0/g, '~')));
}

const isPlainObject = (value: unknown): value is FormData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The same submit rules as a zod schema (for react-hook-form's zodResolver): every problem becomes an issue
 * at the field's path, with the FieldError code in `params.code`.
 */
export const submitFormDataSchemaFor = (provider: Provider) =>
  z.custom<FormData>(isPlainObject, { error: 'formData must be an object.' }).superRefine((formData, ctx) => {
    for (const error of validateFormDataForSubmit(formData, provider)) {
      ctx.addIssue({
        code: 'custom',
        message: error.message,
        path: pointerToPath(error.pointer),
        params: { code: error.code },
      });
    }
  });

/** WeChat's rules (the console's default provider); use submitFormDataSchemaFor for a record's own provider. */
export const submitFormDataSchema = submitFormDataSchemaFor('providerA');
