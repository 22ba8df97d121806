import { cleanFieldValue } from '@/schemas/form-data/clean-input';
import { formDataFieldNames, formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { salesScenesOf } from '@/schemas/form-data/requirements';
import type { FormDataPatch } from '@/schemas/form-data/types';
import type { Provider } from '@/domain/providers';
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

/** Personal fields the server holds and showed masked: their form value is the mask until the operator retypes. */
export function maskedFieldsOf(values: WizardValues): Set<FormDataField> {
  return new Set(formDataFieldNames.filter((f) => formDataFields[f].personal && values[f] !== ''));
}

const same = (a: string | string[], b: string | string[]) => JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (value: string | string[]) => (Array.isArray(value) ? value.length === 0 : value.trim() === '');

/** A value as it is saved: text cleaned the way the upstreams expect it (clean-input.ts), lists as they are. */
export const savedValue = (field: FormDataField, value: string | string[]) =>
  typeof value === 'string' ? cleanFieldValue(field, value) : value;

export type DraftOptions = {
  provider?: Provider;
  /** Fields whose baseline is the server's mask (maskedFieldsOf), not a value the browser knows. */
  masked?: ReadonlySet<FormDataField>;
};

/**
 * The draft patch for the server: only fields that differ from `baseline` (what the server holds, as far as the
 * browser knows). A masked personal field is sent only once the operator typed a whole new value: left as the
 * mask, or emptied (editing a masked field starts empty), it is never sent, so neither the mask nor a removal
 * reaches the server by accident. Hidden fields are never sent either; a field the operator's own change just
 * hid (e.g. unticking the store scene) is removed with `null`, so stale values cannot block submit. Emptied
 * fields are removed with `null`.
 */
export function draftPatch(values: WizardValues, baseline: WizardValues, options: DraftOptions = {}): FormDataPatch {
  const { provider, masked = new Set<FormDataField>() } = options;
  const patch: Record<string, unknown> = {};
  for (const field of formDataFieldNames) {
    const visibleNow = isFieldVisible(field, values, provider);
    const hadValue = !isEmpty(baseline[field]);
    if (!visibleNow) {
      if (hadValue && isFieldVisible(field, baseline, provider)) patch[field] = null;
      continue;
    }
    const value = savedValue(field, values[field]);
    if (same(value, baseline[field])) continue;
    if (isEmpty(value)) {
      if (hadValue && !masked.has(field)) patch[field] = null;
      continue;
    }
    patch[field] = value;
  }
  return patch as FormDataPatch;
}

/** The baseline after the server accepted `patch`: removed keys empty, sent values as sent. */
export function applyPatch(baseline: WizardValues, patch: FormDataPatch): WizardValues {
  const next = { ...baseline };
  for (const [key, value] of Object.entries(patch) as [FormDataField, unknown][]) {
    if (value === undefined) continue;
    if (value === null) next[key] = isList(key) ? [] : '';
    else next[key] = value as string | string[];
  }
  return next;
}

/** formData as far as the browser knows it: visible, non-empty values (a kept mask counts as present). */
export function visibleFormData(values: WizardValues, provider?: Provider): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of formDataFieldNames) {
    if (!isFieldVisible(field, values, provider) || isEmpty(values[field])) continue;
    data[field] = savedValue(field, values[field]);
  }
  return data;
}
