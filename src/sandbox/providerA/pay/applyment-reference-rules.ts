/**
 * WeChat's business rules on an applyment4sub body, from the shipped reference tables (docs/upstream/providerA.md
 * B.10–B.11, B.13): bank names, settlement rule ↔ subject type ↔ industry, region codes, the kind of mini program
 * id, check characters and document expiry. Written against the upstream's field names, independently of our
 * formData rules, so a mapping mistake still shows up as a refusal. Messages follow the upstream's
 * `输入源“<path>”映射到字段“<name>”…` pattern (B.6); their exact wording for these rules is [U].
 */
import {
  findBank,
  findSettlementRule,
  isBankCityCode,
  isCityOrDistrictCode,
  settlementRulesFor,
  type SubjectType,
} from '@/domain/reference';
import { sandboxBranchIndex } from './capital-banks-data';
import type { ApplymentProblem } from './applyment-problem';

type Get = (path: string) => unknown;

const problem = (field: string, name: string, rule: string, issue: string, value?: unknown): ApplymentProblem => ({
  field,
  message: `输入源“${field}”映射到字段“${name}”校验失败，${rule}`,
  issue,
  ...(value === undefined ? {} : { value }),
});

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100 unified social credit code (or a legacy 15-digit registration number). */
function validLicenseNumber(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  const sum = USCC_WEIGHTS.reduce((acc, w, i) => acc + w * USCC_CHARS.indexOf(value[i]!), 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

// Built once: every branch number of the sandbox's directory, as the branch look-up (B.12) lists them.
let branchIndex: Map<string, string> | undefined;
const knownBranch = (branchId: string) => (branchIndex ??= sandboxBranchIndex()).has(branchId);

const LICENSE = '/subject_info/business_license_info';
const IDCARD = '/subject_info/identity_info/id_card_info';
const BANK = '/bank_account_info';
const SALES = '/business_info/sales_info';

/** The first business-rule problem of the body, or undefined. `today` is YYYY-MM-DD. */
export function checkApplymentReferenceRules(get: Get, today: string): ApplymentProblem | undefined {
  const str = (path: string) => {
    const value = get(path);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  const license = str(`${LICENSE}/license_number`);
  if (license && !validLicenseNumber(license))
    return problem(
      `${LICENSE}/license_number`,
      '营业执照注册号',
      '请填写正确的统一社会信用代码',
      'check character mismatch',
      license,
    );
  for (const path of [`${LICENSE}/period_end`, `${IDCARD}/card_period_end`]) {
    const end = str(path);
    if (end && end !== '长期' && end < today)
      return problem(path, '有效期结束时间', '证件已过期', 'the document has expired', end);
  }

  const subjectType = str('/subject_info/subject_type') as SubjectType | undefined;
  const settlementId = str('/settlement_info/settlement_id');
  const rule = settlementId ? findSettlementRule(settlementId) : undefined;
  if (settlementId && (!rule || rule.subjectType !== subjectType)) {
    const ids = settlementRulesFor(subjectType).map((r) => r.settlementId);
    return problem(
      '/settlement_info/settlement_id',
      '入驻结算规则ID',
      `结算规则ID与主体类型不匹配，可选：${ids.join('、')}`,
      'settlement_id does not belong to the subject type',
      settlementId,
    );
  }
  const industry = str('/settlement_info/qualification_type');
  if (rule && industry && !rule.qualificationTypes.some((q) => q.name === industry))
    return problem(
      '/settlement_info/qualification_type',
      '所属行业',
      '所属行业与结算规则ID不匹配',
      'qualification_type is not an industry of settlement_id',
      industry,
    );

  const bankName = str(`${BANK}/account_bank`);
  const bank = bankName ? findBank('providerA', bankName) : undefined;
  if (bankName && !bank)
    return problem(
      `${BANK}/account_bank`,
      '开户银行',
      '请填写开户银行对照表中的银行名称',
      'unknown bank name',
      bankName,
    );
  if (bank?.needsBranch && !str(`${BANK}/bank_branch_id`) && !str(`${BANK}/bank_name`))
    return {
      field: `${BANK}/bank_branch_id`,
      message: `输入源“${BANK}/bank_branch_id”映射到字段“开户银行联行号”必填性规则校验失败，开户银行为其他银行时，开户银行联行号与开户银行全称（含支行）二选一必填`,
      issue: 'bank_branch_id or bank_name is required for 其他银行',
    };
  // 其他银行 names no bank: the 联行号 says which, so it must be a branch of the directory (B.12).
  const branchId = str(`${BANK}/bank_branch_id`);
  if (bank?.needsBranch && branchId && !knownBranch(branchId))
    return problem(
      `${BANK}/bank_branch_id`,
      '开户银行联行号',
      '开户银行联行号不存在，请通过查询支行列表接口获取正确的联行号',
      'unknown bank_branch_id',
      branchId,
    );
  const bankCity = str(`${BANK}/bank_address_code`);
  if (bankCity && !isBankCityCode(bankCity))
    return problem(
      `${BANK}/bank_address_code`,
      '开户银行省市编码',
      '请填写省市区编号对照表中至少到市级的编码',
      'not a city or district code',
      bankCity,
    );
  const storeCode = str(`${SALES}/biz_store_info/biz_address_code`);
  if (storeCode && !isCityOrDistrictCode(storeCode))
    return problem(
      `${SALES}/biz_store_info/biz_address_code`,
      '门店省市编码',
      '请填写省市区编号对照表中的编码',
      'not a city or district code',
      storeCode,
    );
  for (const path of [
    `${SALES}/mini_program_info/mini_program_sub_appid`,
    `${SALES}/mini_program_info/mini_program_appid`,
  ]) {
    const appid = str(path);
    if (appid && !/^wx[0-9a-f]{16}$/.test(appid))
      return problem(path, '小程序AppID', '请填写正确的小程序AppID', 'not a WeChat mini program AppID', appid);
  }
  return undefined;
}
