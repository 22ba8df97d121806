// Not a use case: the save-time half of the registry's per-provider values, shared by create and update.
import type { Provider } from '@/domain/providers';
import { providerValueErrors } from '@/schemas/form-data';
import { AppError } from '@/server/errors';

/** A draft may be incomplete, but never hold a value its provider does not accept (e.g. 事业单位 for Alipay). */
export function refuseOtherProvidersValues(formData: Readonly<Record<string, unknown>>, provider: Provider) {
  const errors = providerValueErrors(formData, provider);
  if (errors.length > 0)
    throw new AppError('invalid_request', `formData holds values ${provider} does not accept: ${errors[0]!.message}`, {
      errors,
    });
}
