import type { FormDataField } from '@/schemas/form-data/fields';
import { fieldSteps, stepFields } from './steps';

export type WizardFieldError = { field: FormDataField; code: string; message: string };

// Catalogue order within the wizard's step order.
const wizardOrder: string[] = fieldSteps.flatMap((step) => stepFields[step]);
const formOrder = (field: string) => {
  const index = wizardOrder.indexOf(field);
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
};

/** Errors in the order the fields appear in the wizard, so "the first error" is the first one on screen. */
export function orderByForm<T extends { field: string }>(errors: T[]): T[] {
  return [...errors].sort((a, b) => formOrder(a.field) - formOrder(b.field));
}
