import { formDataFieldNames, formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { salesScenesOf } from '@/schemas/form-data/requirements';
import type { FormDataPatch } from '@/schemas/form-data/types';
import { isFieldVisible } from './steps';

/** What react-hook-form holds: every field, text as strings ('' = empty), lists as string arrays. */
export type WizardValues = Record<FormDataField, string | string[]>;

const isList = (field: FormDataField) => formDataFields[field].kind === 'mediaIdList' || field === 'salesScene';

/** Form values from a record's (masked) formData: missing → '' or []; salesScene always an array. */
export function toWizardValues(formData: Readonly<Record<string, unknown>>): WizardValues {
  const values = {} as WizardValues;
  for (const field of formDataFieldNames) {
    const raw = formData[field];
    if (field === 'salesScene') values[field] = salesScenesOf(formData);
    else if (isList(field))
      values[field] = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
    else values[field] = typeof raw === 'string' ? raw : '';
  }
  return values;
}

const same = (a: string | string[], b: string | string[]) => JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (value: string | string[]) => (Array.isArray(value) ? value.length === 0 : value.trim() === '');

/**
 * The draft patch for the server: only fields the operator changed. Masked personal values come back from the
 * server masked, so an unchanged personal field is never sent. Hidden fields are never sent either; a field
 * the operator's own change just hid (e.g. unticking the store scene) is removed with `null`, so stale values
 * cannot block submit. Emptied fields are removed with `null`.
 */
export function draftPatch(values: WizardValues, server: WizardValues): FormDataPatch {
  const patch: Record<string, unknown> = {};
  for (const field of formDataFieldNames) {
    const visibleNow = isFieldVisible(field, values);
    const hadValue = !isEmpty(server[field]);
    if (!visibleNow) {
      if (hadValue && isFieldVisible(field, server)) patch[field] = null;
      continue;
    }
    const value = values[field];
    if (same(value, server[field])) continue;
    if (isEmpty(value)) {
      if (hadValue) patch[field] = null;
      continue;
    }
    patch[field] = typeof value === 'string' ? value.trim() : value;
  }
  return patch as FormDataPatch;
}
