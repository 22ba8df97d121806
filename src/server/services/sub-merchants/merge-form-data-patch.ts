import { maskResidueErrors, mergeFormData, type FormData, type FormDataPatch } from '@/schemas/form-data';
import { AppError } from '@/server/errors';

/**
 * A formData patch merged onto the stored formData, for every path that writes one (create, PUT / the console's
 * draft save, submit): a value still holding the mask of a personal field is refused by pointer (400) before
 * anything is stored, so `/v1` and tRPC refuse it alike.
 */
export function mergeFormDataPatch(stored: FormData, patch: FormDataPatch): FormData {
  const errors = maskResidueErrors(stored, patch);
  if (errors.length > 0) {
    throw new AppError(
      'invalid_request',
      `${errors.length} field(s) still contain a mask; nothing was saved. Type the whole value again.`,
      { errors },
    );
  }
  return mergeFormData(stored, patch);
}
