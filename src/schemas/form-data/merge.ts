import { formDataFields, isFormDataField } from './fields';
import { maskFieldValue } from './mask';
import type { FormData, FormDataPatch } from './types';

/**
 * Merges a formData patch into the stored formData and returns a new object (inputs are not touched):
 * a key set to `null` removes it, arrays replace the stored array, other values overwrite, absent keys stay.
 *
 * One exception protects personal data: a form pre-filled from a (masked) response sends the masked value
 * back, e.g. `**************123X`. A patch value equal to the mask of the stored value keeps the stored value
 * instead of overwriting the real ID number with asterisks.
 */
export function mergeFormData(stored: FormData, patch: FormDataPatch): FormData {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) merged[key] = Array.isArray(value) ? [...value] : value;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete merged[key];
      continue;
    }
    const current = merged[key];
    const echoesMask =
      isFormDataField(key) &&
      formDataFields[key].personal &&
      typeof current === 'string' &&
      value === maskFieldValue(key, current);
    if (echoesMask) continue;
    merged[key] = Array.isArray(value) ? [...value] : value;
  }
  return merged as FormData;
}
