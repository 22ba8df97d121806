import { constants, privateDecrypt } from 'node:crypto';
import {
  ENUMS,
  MEDIA_PATHS,
  SENSITIVE_PATHS,
  isDate,
  isEndDate,
  isValidIdCardNumber,
  requirementsFor,
} from './applyment-rules';
import { checkApplymentReferenceRules } from './applyment-reference-rules';
import type { ApplymentProblem } from './applyment-problem';

type Json = Record<string, unknown>;

function getPath(body: unknown, path: string): unknown {
  let node: unknown = body;
  for (const segment of path.split('/').filter(Boolean)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Json)[segment];
  }
  return node;
}

/** `/a/list[]/b` → `/a/list/0/b`, `/a/list/1/b`, … for the items present. */
function expand(body: unknown, path: string): string[] {
  const marker = path.indexOf('[]');
  if (marker === -1) return [path];
  const listPath = path.slice(0, marker);
  const list = getPath(body, listPath);
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, i) => expand(body, `${listPath}/${i}${path.slice(marker + 2)}`));
}

const present = (v: unknown) =>
  typeof v === 'boolean' || (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0);

function decrypt(ciphertext: string, privateKeyPem: string): string | undefined {
  try {
    const data = Buffer.from(ciphertext, 'base64');
    if (data.length === 0 || data.toString('base64') !== ciphertext) return undefined;
    return privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      data,
    ).toString('utf8');
  } catch {
    return undefined;
  }
}

const required = (field: string): ApplymentProblem => ({
  field,
  message: `输入源“${field}”必填性规则校验失败，此字段为必填项`,
  issue: 'required field is missing',
});
const invalid = (field: string, issue: string, value?: unknown): ApplymentProblem => ({
  field,
  message: `输入源“${field}”格式校验失败`,
  issue,
  ...(value === undefined ? {} : { value }),
});

function checkFormats(body: Json, plain: Map<string, string>): ApplymentProblem | undefined {
  const businessCode = getPath(body, '/business_code');
  if (typeof businessCode !== 'string' || !/^[A-Za-z0-9_]{1,124}$/.test(businessCode)) {
    return invalid('/business_code', 'letters, digits and underscores, 1–124 chars', businessCode);
  }
  const mobile = plain.get('/contact_info/mobile_phone');
  if (mobile !== undefined && !/^1\d{10}$/.test(mobile))
    return invalid('/contact_info/mobile_phone', 'must be an 11-digit mobile number');
  const email = plain.get('/contact_info/contact_email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return invalid('/contact_info/contact_email', 'must be an e-mail address');
  const idCard = getPath(body, '/subject_info/identity_info/id_doc_type') === 'IDENTIFICATION_TYPE_IDCARD';
  const idNumber = plain.get('/subject_info/identity_info/id_card_info/id_card_number');
  if (idCard && idNumber !== undefined && !isValidIdCardNumber(idNumber)) {
    return invalid(
      '/subject_info/identity_info/id_card_info/id_card_number',
      'must be an 18-character ID number with a valid check digit',
    );
  }
  const account = plain.get('/bank_account_info/account_number');
  if (account !== undefined && !/^\d{1,40}$/.test(account))
    return invalid('/bank_account_info/account_number', 'digits only');
  const begin = getPath(body, '/subject_info/identity_info/id_card_info/card_period_begin');
  const end = getPath(body, '/subject_info/identity_info/id_card_info/card_period_end');
  if (typeof begin === 'string' && !isDate(begin))
    return invalid('/subject_info/identity_info/id_card_info/card_period_begin', 'YYYY-MM-DD', begin);
  if (typeof end === 'string' && !isEndDate(end))
    return invalid('/subject_info/identity_info/id_card_info/card_period_end', 'YYYY-MM-DD or 长期', end);
  if (typeof begin === 'string' && typeof end === 'string' && end !== '长期' && end <= begin) {
    return invalid('/subject_info/identity_info/id_card_info/card_period_end', 'must be after card_period_begin', end);
  }
  return undefined;
}

/**
 * The first problem the upstream would report for this submit body, or undefined. Sensitive fields are
 * decrypted in memory only to check them; plaintext is never returned or stored.
 */
export async function validateApplyment(
  body: Json,
  ctx: { platformPrivateKeyPem: string; mediaExists: (mediaId: string) => Promise<boolean> },
): Promise<ApplymentProblem | undefined> {
  const plain = new Map<string, string>();
  for (const path of SENSITIVE_PATHS.flatMap((p) => expand(body, p))) {
    const value = getPath(body, path);
    if (value === undefined || value === '') continue;
    const decrypted = typeof value === 'string' ? decrypt(value, ctx.platformPrivateKeyPem) : undefined;
    if (decrypted === undefined) {
      return {
        field: path,
        message: `输入源“${path}”解密失败，敏感字段需使用微信支付平台证书/公钥加密`,
        issue: 'sensitive field could not be decrypted',
      };
    }
    plain.set(path, decrypted);
  }

  for (const requirement of requirementsFor({ get: (p) => getPath(body, p) })) {
    if (!requirement.some((p) => present(getPath(body, p)))) return required(requirement[0]!);
  }

  for (const [path, allowed] of Object.entries(ENUMS)) {
    const value = getPath(body, path);
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    const bad = values.find((v) => typeof v !== 'string' || !allowed.includes(v));
    if (bad !== undefined) return invalid(path, `must be one of ${allowed.join(', ')}`, bad);
  }
  if (
    getPath(body, '/subject_info/subject_type') === 'SUBJECT_TYPE_ENTERPRISE' &&
    getPath(body, '/bank_account_info/bank_account_type') !== 'BANK_ACCOUNT_TYPE_CORPORATE'
  ) {
    return invalid(
      '/bank_account_info/bank_account_type',
      'enterprises settle to a corporate account',
      getPath(body, '/bank_account_info/bank_account_type'),
    );
  }

  const formatProblem = checkFormats(body, plain);
  if (formatProblem) return formatProblem;
  const ruleProblem = checkApplymentReferenceRules((p) => getPath(body, p), new Date().toISOString().slice(0, 10));
  if (ruleProblem) return ruleProblem;

  for (const path of MEDIA_PATHS.flatMap((p) => expand(body, p))) {
    const value = getPath(body, path);
    if (value === undefined) continue;
    const ids = Array.isArray(value) ? value : [value];
    for (const [i, id] of ids.entries()) {
      const field = Array.isArray(value) ? `${path}/${i}` : path;
      if (typeof id !== 'string' || !(await ctx.mediaExists(id))) {
        return {
          field,
          message: `输入源“${field}”图片media_id无效，请先调用图片上传接口`,
          issue: 'unknown media_id',
          value: id,
        };
      }
    }
  }
  return undefined;
}
