import { MAX_MEDIA_ITEMS, PERMANENT_DATE, formDataFields, type FormDataField } from './fields';
import {
  isAccountNumber,
  isAreaCode,
  isBankBranchId,
  isEmail,
  isHostname,
  isIsoDate,
  isLicenseNumber,
  isMainlandIdNumber,
  isMainlandMobile,
  isMiniProgramAppid,
  isServicePhone,
} from './formats';
import type { FieldErrorCode, FormDataFieldError } from './types';

/** JSON Pointer (RFC 6901) to a formData value; `~` and `/` in a key are escaped. */
export function formDataPointer(field: string, index?: number): string {
  const escaped = field.replace(/~/g, '~0').replace(/\//g, '~1');
  return index === undefined ? `/formData/${escaped}` : `/formData/${escaped}/${index}`;
}

export function fieldError(pointer: string, code: FieldErrorCode, message: string): FormDataFieldError {
  return { pointer, code, message };
}

type FormatRule = {
  test: (value: string) => boolean;
  describe: (value: string) => string;
  /** The value has the right shape and only its check character is wrong (its own code: a typo, not a format). */
  checkCharacterOnly?: (value: string) => boolean;
};

const idCardShape = (value: string) => /^\d{17}[\dX]$/.test(value);
const licenceShape = (value: string) => /^[0-9ABCDEFGHJKLMNPQRTUWXY]{18}$/.test(value);

const fixed = (text: string) => () => text;

// Messages describe the expected shape and never repeat the value: several of these fields are personal data.
const formatRules: Partial<Record<FormDataField, FormatRule>> = {
  idCardNumber: {
    test: isMainlandIdNumber,
    checkCharacterOnly: idCardShape,
    describe: (value) =>
      idCardShape(value)
        ? 'its check digit does not match (ISO 7064 MOD 11-2); please re-check the number.'
        : 'must be an 18-character mainland ID number: 17 digits and a check digit (0–9 or upper-case X).',
  },
  licenseNumber: {
    test: isLicenseNumber,
    checkCharacterOnly: licenceShape,
    describe: (value) =>
      licenceShape(value)
        ? 'its check character does not match (GB 32100); please re-check the code.'
        : 'must be an 18-character unified social credit code (or a legacy 15-digit registration number).',
  },
  contactMobile: {
    test: isMainlandMobile,
    describe: fixed('must be a mainland mobile number: 11 digits starting with 13–19.'),
  },
  contactEmail: { test: isEmail, describe: fixed('must be an e-mail address such as name@example.com.') },
  accountNumber: { test: isAccountNumber, describe: fixed('must contain digits only, 8 to 30 of them.') },
  servicePhone: {
    test: isServicePhone,
    describe: fixed('must be 5 to 30 digits, dashes allowed (e.g. 0755-86013388).'),
  },
  // Which of the two kinds the record's provider takes is a provider rule (provider-rules.ts).
  miniProgramAppid: {
    test: (value) => isMiniProgramAppid(value) || /^20\d{14}$/.test(value),
    describe: fixed(
      'must be a mini program id: "wx" followed by 16 lower-case hex digits (WeChat), or 16 digits starting with 20 (Alipay).',
    ),
  },
  websiteDomain: {
    test: isHostname,
    describe: fixed('must be a bare domain name such as shop.example.com (no https://, path or port).'),
  },
  storeAddressCode: { test: isAreaCode, describe: fixed('must be a 6-digit province/city code (e.g. 440305).') },
  bankAddressCode: {
    test: isAreaCode,
    describe: fixed('must be a 6-digit province, city or district code (e.g. 440300 or 440305).'),
  },
  bankBranchId: { test: isBankBranchId, describe: fixed('must be a 12-digit CNAPS branch number.') },
};

function checkString(field: FormDataField, value: string, pointer: string): FormDataFieldError[] {
  const def = formDataFields[field];
  const label = def.label.en;
  if (value.length > def.maxLength) {
    return [fieldError(pointer, 'too_long', `${label} must be at most ${def.maxLength} characters.`)];
  }
  if (def.kind === 'enum') {
    const allowed: readonly string[] = 'values' in def ? def.values : [];
    return allowed.includes(value)
      ? []
      : [fieldError(pointer, 'invalid_value', `${label} must be one of ${allowed.join(', ')}.`)];
  }
  if (def.kind === 'date') {
    const permanent = 'allowsPermanent' in def && def.allowsPermanent && value === PERMANENT_DATE;
    if (permanent || isIsoDate(value)) return [];
    const hint = 'allowsPermanent' in def ? ` or ${PERMANENT_DATE} (permanent)` : '';
    return [fieldError(pointer, 'invalid_format', `${label} must be a date written YYYY-MM-DD that exists${hint}.`)];
  }
  if (def.kind === 'mediaId' || def.kind === 'mediaIdList') {
    return value.trim() === ''
      ? [fieldError(pointer, 'invalid_format', `${label} must be a media id returned by the media upload.`)]
      : [];
  }
  const rule = formatRules[field];
  if (!rule || rule.test(value)) return [];
  const code = rule.checkCharacterOnly?.(value) ? 'invalid_check_digit' : 'invalid_format';
  return [fieldError(pointer, code, `${label} ${rule.describe(value)}`)];
}

/** Type, length, enum and format problems of one present (non-missing) value. */
export function checkFieldValue(field: FormDataField, value: unknown): FormDataFieldError[] {
  const def = formDataFields[field];
  const pointer = formDataPointer(field);
  const label = def.label.en;
  const listAllowed = def.kind === 'mediaIdList' || ('multiple' in def && def.multiple);
  if (Array.isArray(value) && listAllowed) {
    const max = def.kind === 'mediaIdList' ? MAX_MEDIA_ITEMS : 'values' in def ? def.values.length : 0;
    if (value.length > max) return [fieldError(pointer, 'too_many', `${label} takes at most ${max} items.`)];
    return value.flatMap((item, index) => {
      const itemPointer = formDataPointer(field, index);
      return typeof item === 'string'
        ? checkString(field, item, itemPointer)
        : [fieldError(itemPointer, 'invalid_type', `Each item of ${label} must be a string.`)];
    });
  }
  if (def.kind === 'mediaIdList') {
    return [fieldError(pointer, 'invalid_type', `${label} must be an array of media ids.`)];
  }
  if (typeof value !== 'string') {
    const expected = listAllowed ? 'a string or an array of strings' : 'a string';
    return [fieldError(pointer, 'invalid_type', `${label} must be ${expected}.`)];
  }
  return checkString(field, value, pointer);
}
