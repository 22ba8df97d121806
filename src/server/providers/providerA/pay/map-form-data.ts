import { AppError } from '@/server/errors';
import { FIELD_MAP, ID_CARD, sourcesFor, type ApplymentContext, type FieldMapping } from './field-map';
import type { ApplymentFormData } from './types';

export { FIELD_MAP, formFieldToUpstreamPaths, upstreamFieldToFormField } from './field-map';

type Json = string | boolean | string[] | { [key: string]: Json };

function asList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value === '' ? undefined : [value];
  if (Array.isArray(value)) {
    const items = [...new Set(value.filter((v): v is string => typeof v === 'string' && v !== ''))];
    return items.length ? items : undefined;
  }
  return undefined;
}

function contextOf(formData: ApplymentFormData): ApplymentContext {
  const text = (key: string, fallback: string) =>
    typeof formData[key] === 'string' && formData[key] ? (formData[key] as string) : fallback;
  return {
    subjectType: text('subjectType', ''),
    contactType: text('contactType', 'LEGAL'),
    idDocType: text('idDocType', ID_CARD),
    scenes: new Set(asList(formData.salesScene) ?? []),
  };
}

function valueOf(
  entry: FieldMapping,
  formData: ApplymentFormData,
  context: ApplymentContext,
  encrypt: (s: string) => string,
): Json | undefined {
  const key = sourcesFor(entry, formData).find(
    (k) => formData[k] !== undefined && formData[k] !== null && formData[k] !== '',
  );
  const raw = key === undefined ? entry.fallback?.(context) : formData[key];
  if (raw === undefined || raw === null) return undefined;
  switch (entry.kind) {
    case 'list':
    case 'mediaList':
      return asList(raw);
    case 'bool':
      return typeof raw === 'boolean' ? raw : raw === 'true';
    case 'sensitive':
      return typeof raw === 'string' ? encrypt(raw) : encrypt(String(raw));
    default:
      return typeof raw === 'string' ? raw : String(raw);
  }
}

function setPath(target: { [key: string]: Json }, path: string, value: Json): void {
  const segments = path.split('/').filter(Boolean);
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as { [key: string]: Json };
  }
  node[segments.at(-1)!] = value;
}

/**
 * The applyment4sub submit body (B.2) for a flat formData. Sensitive fields go through `encrypt` (RSA-OAEP with
 * the platform key); absent values are omitted, never sent as null (A.1). Required-ness is the upstream's call:
 * a missing field comes back as a PARAM_ERROR on its path, which maps to the formData pointer.
 */
export function mapFormDataToApplymentBody(input: {
  businessCode: string;
  formData: ApplymentFormData;
  encrypt: (plaintext: string) => string;
}): { [key: string]: Json } {
  if (!/^[A-Za-z0-9_]{1,124}$/.test(input.businessCode)) {
    throw new AppError('invalid_request', 'business_code must be 1–124 letters, digits or underscores.');
  }
  const context = contextOf(input.formData);
  const body: { [key: string]: Json } = { business_code: input.businessCode };
  for (const entry of FIELD_MAP) {
    if (entry.when && !entry.when(context)) continue;
    const value = valueOf(entry, input.formData, context, input.encrypt);
    if (value !== undefined) setPath(body, entry.path, value);
  }
  return body;
}
