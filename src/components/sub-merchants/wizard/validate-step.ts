// The API's submit rules (zod) in the browser. The wizard imports this module on demand (first check, or the
// operator's first focus or tap in the form) so zod is neither first-load JavaScript nor evaluated on page load.
import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { pointerToPath, submitFormDataSchemaFor } from '@/schemas/form-data/validate-for-submit';
import type { Provider } from '@/domain/providers';
import { orderByForm, type WizardFieldError } from './error-order';
import { allVisibleFields, visibleFieldsOf, type FieldStepId, type StepId } from './steps';
import { visibleFormData, type WizardValues } from './form-model';

/**
 * Submit rules (the API's own zod schema for the record's provider) for the fields of one step, or of every
 * step on review. A personal value still equal to the mask the server sent is held by the server and was
 * checked there, so only its presence counts here.
 */
export function stepErrors(
  values: WizardValues,
  server: WizardValues,
  step: StepId,
  { provider = 'providerA', masked }: { provider?: Provider; masked?: ReadonlySet<FormDataField> } = {},
): WizardFieldError[] {
  const fields = new Set<string>(
    step === 'review' ? allVisibleFields(values, provider) : visibleFieldsOf(step as FieldStepId, values, provider),
  );
  const result = submitFormDataSchemaFor(provider).safeParse(visibleFormData(values, provider));
  if (result.success) return [];
  const errors: WizardFieldError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as FormDataField;
    if (!fields.has(field) || errors.some((e) => e.field === field)) continue;
    const heldByServer = (masked?.has(field) ?? formDataFields[field].personal) && values[field] === server[field];
    const code = (issue as { params?: { code?: string } }).params?.code ?? 'invalid_value';
    if (heldByServer && code !== 'required') continue;
    errors.push({ field, code, message: issue.message });
  }
  return orderByForm(errors);
}

/** Field errors of a 422 from submit (`data.errors[]` with '/formData/<field>' pointers); others are dropped. */
export function submitErrorsToFields(
  errors: readonly { pointer: string; code: string; message: string }[],
): WizardFieldError[] {
  const mapped = errors.flatMap((error) => {
    const [field] = pointerToPath(error.pointer);
    return typeof field === 'string' && field in formDataFields && error.pointer.startsWith('/formData/')
      ? [{ field: field as FormDataField, code: error.code, message: error.message }]
      : [];
  });
  return orderByForm(mapped.filter((e, i) => mapped.findIndex((o) => o.field === e.field) === i));
}
