/**
 * Alipay's business rules on a zft.create biz_content, from the shipped reference tables (docs/upstream/providerB.md
 * D.6): MCC, the site each payment product needs, the kind of mini program id, the settlement bank, the store's
 * district, the licence's check character and the signing account. Each refusal is `40004 Business Failed`
 * with `sub_code` INVALID_PARAMETER and a sub_msg naming the upstream field, like the other zft.create checks.
 */
import {
  findBank,
  findMcc,
  isAlipayAppId,
  isAlipayLogonId,
  isFinestRegion,
  isReservedEmailDomain,
  siteRuleFor,
} from '@/domain/reference';
import type { SandboxStore } from '@/sandbox/store';
import { invalidParameter } from '../gateway/registry';
import { isRealNameAccount } from './alipay-accounts';

type Biz = Record<string, unknown>;
const list = (value: unknown): Biz[] =>
  Array.isArray(value) ? value.filter((v): v is Biz => Boolean(v) && typeof v === 'object') : [];
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
function validCreditCode(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  const sum = USCC_WEIGHTS.reduce((acc, w, i) => acc + w * USCC_CHARS.indexOf(value[i]!), 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

export async function checkZftReferenceRules(biz: Biz, store: SandboxStore): Promise<void> {
  const certNo = str(biz.cert_no);
  if (biz.cert_type === '201' && certNo && !validCreditCode(certNo))
    throw invalidParameter('参数有误：cert_no 统一社会信用代码校验失败');
  const mcc = str(biz.mcc);
  if (mcc && !findMcc(mcc)) throw invalidParameter('参数有误：mcc 不在直付通商户经营类目范围内');

  const sites = list(biz.sites);
  for (const site of sites) {
    const appId = str(site.tiny_app_id);
    if (appId && !isAlipayAppId(appId))
      throw invalidParameter('参数有误：sites.tiny_app_id 不是有效的支付宝小程序appid');
  }
  const services = Array.isArray(biz.service) ? biz.service.map(String) : [];
  for (const service of services) {
    const rule = siteRuleFor(service);
    if (!rule) continue;
    const site = sites.find((s) => rule.siteTypes.some((type) => type === s.site_type));
    // Name the field the site is missing most (tiny_app_id for an Alipay mini program), as sub_msg does for fields.
    const missing = rule.fields.includes('tiny_app_id') ? 'sites.tiny_app_id' : 'sites';
    if (!site)
      throw invalidParameter(
        `参数有误：开通${service}需要 site_type 为 ${rule.siteTypes.join('/')} 的站点，${missing} 不能为空`,
      );
    for (const field of rule.fields)
      if (!str(site[field])) throw invalidParameter(`参数有误：sites.${field} 不能为空（${service}）`);
  }

  for (const card of list(biz.biz_cards)) {
    const bank = str(card.account_inst_name);
    if (bank && !findBank('providerB', bank))
      throw invalidParameter('参数有误：biz_cards.account_inst_name 开户行名称无效');
  }
  const address = (biz.business_address ?? {}) as Biz;
  const district = str(address.district_code);
  if (district && !isFinestRegion(district))
    throw invalidParameter('参数有误：business_address.district_code 区县编码无效');

  const logonId = str(biz.binding_alipay_logon_id);
  if (logonId && !isAlipayLogonId(logonId))
    throw invalidParameter('参数有误：binding_alipay_logon_id 须为支付宝登录手机号或邮箱');
  // A reserved domain has no mailbox, so no Alipay account exists there (the wording is [U], docs/upstream D.2).
  if (logonId && isReservedEmailDomain(logonId))
    throw invalidParameter('参数有误：binding_alipay_logon_id 对应的支付宝账号不存在');
  if (logonId && !(await isRealNameAccount(store, logonId)))
    throw invalidParameter('参数有误：binding_alipay_logon_id 对应的支付宝账号未完成实名认证');
}
