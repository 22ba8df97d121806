import completeFormData from './complete-form-data.json' with { type: 'json' };
import { mergeFormData } from '../../src/schemas/form-data/merge';
import type { FormData, FormDataPatch } from '../../src/schemas/form-data/types';

/** GB 11643's own example number: its ISO 7064 MOD 11-2 check character is X. */
export const VALID_ID_NUMBER = completeFormData.idCardNumber;
/** A unified social credit code with a valid GB 32100 check character. */
export const VALID_LICENSE_NUMBER = completeFormData.licenseNumber;

/**
 * A formData that passes full submit validation: an enterprise with a corporate account selling in a
 * physical store. Pass overrides to change or (with `null`) remove fields, e.g. for one failing rule.
 */
export function completeFormDataFixture(overrides: FormDataPatch = {}): FormData {
  // JSON so the plain-node benchmarks read the same data (bench/lib/provision.mjs); the tests prove it passes.
  // mergeFormData returns a new object with its own arrays, so callers never share the imported module's.
  return mergeFormData(completeFormData as FormData, overrides);
}
