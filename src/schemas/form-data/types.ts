import type { FieldDefinition, FormDataField, formDataFields } from './fields';

/** The TypeScript value of one catalogue entry, derived from its kind so the table stays the only source. */
type ValueOf<D extends FieldDefinition> = D extends { kind: 'mediaIdList' }
  ? string[]
  : D extends { kind: 'enum'; multiple: true; values: readonly (infer V)[] }
    ? V | V[]
    : D extends { kind: 'enum'; values: readonly (infer V)[] }
      ? V
      : string;

/** Stored (merged) formData: every field optional. */
export type FormData = { [K in FormDataField]?: ValueOf<(typeof formDataFields)[K]> };

/** What create / PUT / submit accept before merging: `null` removes a stored key. */
export type FormDataPatch = { [K in FormDataField]?: ValueOf<(typeof formDataFields)[K]> | null };

export type FieldErrorCode =
  | 'required'
  | 'invalid_type'
  | 'invalid_format'
  /** The shape is right but the check character (ID card GB 11643, licence GB 32100) does not match: a typo. */
  | 'invalid_check_digit'
  | 'invalid_value'
  | 'too_long'
  | 'too_many'
  | 'unknown_field'
  /** A value that still holds the mask of a personal field (built from a masked screen or response). */
  | 'masked_value'
  /** A media id this platform did not upload for the record's provider (checked at submit, by the server). */
  | 'unknown_media';

/** Same shape as FieldError in src/server/errors.ts (kept here so this directory stays isomorphic). */
export type FormDataFieldError = { pointer: string; code: FieldErrorCode; message: string };
