import type { FormDataField } from './fields';

/**
 * What an operator types, cleaned the way the upstreams expect it, before it is saved: copy-pasted text often
 * carries full-width characters (a Chinese IME's １２３ or ＡＢＣ), stray spaces, a lower-case licence code or
 * a lower-case x at the end of an ID number. Only unambiguous changes: nothing is guessed or dropped.
 */

// U+FF01–U+FF5E are the full-width forms of ASCII ! … ~, 0xFEE0 above them; U+3000 is the ideographic space.
const toHalfWidth = (value: string) =>
  value.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

// Fields that are codes, numbers or addresses in ASCII: full-width forms are converted. Names and addresses keep
// their Chinese punctuation (（）、，), which the upstreams take as typed.
const asciiFields = new Set<FormDataField>([
  'licenseNumber',
  'idCardNumber',
  'contactMobile',
  'contactEmail',
  'bindingAlipayLogonId',
  'servicePhone',
  'accountNumber',
  'bankAddressCode',
  'bankBranchId',
  'storeAddressCode',
  'settlementId',
  'mcc',
  'miniProgramAppid',
  'websiteDomain',
  'licensePeriodBegin',
  'licensePeriodEnd',
  'idCardPeriodBegin',
  'idCardPeriodEnd',
]);

// Numbers people type in groups ("6222 0212 3456", "138 0013 8000", "0755 8601 3388"): the spaces are never part
// of them (a service phone keeps its dashes, which the upstreams take).
const noSpaceFields = new Set<FormDataField>([
  'licenseNumber',
  'servicePhone',
  'idCardNumber',
  'contactMobile',
  'accountNumber',
  'bankAddressCode',
  'bankBranchId',
  'storeAddressCode',
  'mcc',
  'miniProgramAppid',
]);

/** One field's text value cleaned for saving. */
export function cleanFieldValue(field: FormDataField, value: string): string {
  let cleaned = asciiFields.has(field) ? toHalfWidth(value) : value;
  cleaned = noSpaceFields.has(field) ? cleaned.replace(/\s+/g, '') : cleaned.trim();
  if (field === 'licenseNumber') cleaned = cleaned.toUpperCase();
  if (field === 'idCardNumber') cleaned = cleaned.replace(/x$/, 'X');
  if (field === 'websiteDomain') cleaned = cleaned.toLowerCase();
  return cleaned;
}
