import { z } from 'zod';
import { MAX_MEDIA_ITEMS, formDataFieldNames, formDataFields, type FieldDefinition } from './fields';
import type { FormDataPatch } from './types';

/**
 * The zod type of one field as a draft accepts it: types, enum values and lengths only. Formats and
 * required-ness wait for submit, so a half-filled console form can always be saved.
 */
function draftValueSchema(def: FieldDefinition): z.ZodType {
  const text = z.string().max(def.maxLength);
  if (def.kind === 'mediaIdList') return z.array(text).max(MAX_MEDIA_ITEMS);
  if (def.kind === 'enum') {
    const one = z.enum(def.values as [string, ...string[]]);
    return def.multiple ? z.union([one, z.array(one).max(def.values?.length ?? 0)]) : one;
  }
  return text;
}

const shape = Object.fromEntries(
  formDataFieldNames.map((field) => [field, draftValueSchema(formDataFields[field]).nullable().optional()]),
);

/** formData as accepted on create, PUT and submit before merging. Unknown keys are an error. */
export const formDataDraftSchema = z.strictObject(shape) as unknown as z.ZodType<FormDataPatch>;
