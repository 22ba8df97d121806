import type { Provider } from '@/domain/providers';
import { acceptedValues, formDataFieldNames, formDataFields } from './fields';
import { fieldError, formDataPointer } from './field-checks';
import type { FormDataFieldError } from './types';

const providerNames: Record<Provider, string> = {
  providerA: 'WeChat Pay (providerA)',
  providerB: 'Alipay (providerB)',
};

/**
 * Enum values the record's provider does not accept (the registry's `valuesFor`: e.g. 事业单位 or 企业微信 for
 * Alipay). Refused when a draft is saved and at submit, so what the screens offer and what the server keeps agree.
 */
export function providerValueErrors(formData: Readonly<Record<string, unknown>>, provider: Provider) {
  const errors: FormDataFieldError[] = [];
  for (const field of formDataFieldNames) {
    const def = formDataFields[field];
    if (def.kind !== 'enum' || !('valuesFor' in def)) continue;
    const accepted = acceptedValues(field, provider);
    const value = formData[field];
    const values = Array.isArray(value) ? value : [value];
    values.forEach((one, index) => {
      if (typeof one !== 'string' || accepted.includes(one)) return;
      errors.push(
        fieldError(
          formDataPointer(field, Array.isArray(value) ? index : undefined),
          'invalid_value',
          `${def.label.en} ${one} is not accepted by ${providerNames[provider]}; send one of ${accepted.join(', ')}.`,
        ),
      );
    });
  }
  return errors;
}
