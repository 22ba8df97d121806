import { stepOfField } from '../wizard/steps';

/** The wizard opened at the step holding a field, with that field focused. */
export function fixHref(platformId: string, id: string, field: string): string {
  const step = stepOfField(field);
  const base = `/platforms/${platformId}/sub-merchants/${id}/edit`;
  return step ? `${base}?step=${step}&field=${encodeURIComponent(field)}` : `${base}?step=review`;
}
