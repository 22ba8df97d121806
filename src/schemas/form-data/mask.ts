import { formDataFields, isFormDataField, type MaskStyle } from './fields';
import { formDataPointer } from './field-checks';
import type { FormData, FormDataFieldError } from './types';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

function maskName(value: string): string {
  const trimmed = value.trim();
  const words = trimmed.split(/\s+/);
  // Western style keeps the family name: "John Doe" → "J*** Doe".
  if (words.length > 1 && !CJK.test(trimmed)) {
    const last = words[words.length - 1] ?? '';
    const given = words.slice(0, -1).map((word) => `${Array.from(word)[0] ?? ''}***`);
    return [...given, last].join(' ');
  }
  const chars = Array.from(trimmed);
  if (chars.length <= 1) return '*';
  // Chinese style keeps the first character: "张三" → "张*", "欧阳娜娜" → "欧***".
  return CJK.test(trimmed) ? `${chars[0]}${'*'.repeat(chars.length - 1)}` : `${chars[0]}***`;
}

function maskLastFour(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 4) return '*'.repeat(chars.length);
  return '*'.repeat(chars.length - 4) + chars.slice(-4).join('');
}

function maskMobile(value: string): string {
  return /^\d{11}$/.test(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : maskLastFour(value);
}

function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return `${Array.from(value)[0] ?? ''}***`;
  return `${Array.from(value)[0]}***${value.slice(at)}`;
}

function maskAddress(value: string): string {
  const chars = Array.from(value);
  const keep = Math.min(6, Math.floor(chars.length / 2));
  return `${chars.slice(0, keep).join('')}****`;
}

// An Alipay logon id is a mobile number or an e-mail address.
const maskLogonId = (value: string) => (value.includes('@') ? maskEmail(value) : maskMobile(value));

const maskers: Record<MaskStyle, (value: string) => string> = {
  logonId: maskLogonId,
  name: maskName,
  lastFour: maskLastFour,
  mobile: maskMobile,
  email: maskEmail,
  address: maskAddress,
};

/** The masked form of one value of a field; non-personal fields come back unchanged. */
export function maskFieldValue(field: string, value: unknown): unknown {
  if (!isFormDataField(field)) return value;
  const def = formDataFields[field];
  if (!def.personal || !('mask' in def)) return value;
  // A personal field holding something other than a string is still never shown.
  return typeof value === 'string' ? maskers[def.mask](value) : '****';
}

/** formData as it may appear in any response or on any screen: personal values masked, the rest unchanged. */
export function maskFormData<T extends FormData | Readonly<Record<string, unknown>>>(formData: T): T {
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    masked[key] = value === undefined || value === null ? value : maskFieldValue(key, value);
  }
  return masked as T;
}

/** The character every mask above uses in place of hidden characters. */
export const MASK_CHARACTER = '*';

/**
 * A patch value for a masked field that still holds the mask character was built from a masked screen or
 * response (an operator edited `张*` into `张*三`): sending it on would put asterisks upstream. Such values are
 * refused by pointer. The exact mask of the stored value is not refused: mergeFormData keeps the stored value
 * for it, so a client that echoes a whole record back changes nothing.
 */
export function maskResidueErrors(
  stored: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): FormDataFieldError[] {
  const errors: FormDataFieldError[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (!isFormDataField(field) || typeof value !== 'string' || !value.includes(MASK_CHARACTER)) continue;
    const def = formDataFields[field];
    if (!def.personal || !('mask' in def)) continue;
    const current = stored[field];
    if (typeof current === 'string' && value === maskFieldValue(field, current)) continue;
    errors.push({
      pointer: formDataPointer(field),
      code: 'masked_value',
      message: `${def.label.en} still contains the mask character "${MASK_CHARACTER}" of a masked value; send the whole value, or leave the field out to keep the stored one.`,
    });
  }
  return errors;
}
