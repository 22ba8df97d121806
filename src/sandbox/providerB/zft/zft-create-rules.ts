import type { SandboxStore } from '@/sandbox/store';
import { invalidParameter, requireBizFields } from '../gateway/registry';
import { IMAGE_KIND } from './zft-orders';

const CERT_TYPE_BY_MERCHANT_TYPE: Record<string, string> = {
  '01': '201',
  '07': '201',
  '02': '218',
  '03': '204',
  '04': '206',
  '05': '219',
  '06': '100',
};
const SERVICES = new Set([
  '当面付',
  'jsapi支付',
  'app支付',
  'wap支付',
  '电脑支付',
  '预授权支付',
  '商户代扣',
  '小程序支付',
  '订单码支付',
]);

type Biz = Record<string, unknown>;
const list = (value: unknown): Biz[] =>
  Array.isArray(value) ? value.filter((v): v is Biz => Boolean(v) && typeof v === 'object') : [];

/** GB 11643 check digit of an 18-character mainland ID number. */
function validIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  return '10X98765432'[sum % 11] === id[17];
}

/**
 * zft.create business rules as docs/upstream/providerB.md D.2 describes them (required-ness partly unconfirmed there;
 * we enforce the documented ones). Each failure names the upstream field, like Alipay's sub_msg does.
 */
export function checkZftCreateFields(biz: Biz): void {
  if (biz.out_biz_no !== undefined) throw invalidParameter('参数有误：out_biz_no 已废弃，不允许传入');
  requireBizFields(biz, [
    'external_id',
    'merchant_type',
    'cert_type',
    'cert_no',
    'name',
    'alias_name',
    'mcc',
    'service',
    'contact_infos',
    'binding_alipay_logon_id',
    'default_settle_rule',
  ]);
  const merchantType = String(biz.merchant_type);
  if (!Object.hasOwn(CERT_TYPE_BY_MERCHANT_TYPE, merchantType))
    throw invalidParameter('参数有误：merchant_type 取值无效');
  if (CERT_TYPE_BY_MERCHANT_TYPE[merchantType] !== biz.cert_type)
    throw invalidParameter('参数有误：cert_type 与 merchant_type 不匹配');
  if (merchantType !== '06') requireBizFields(biz, ['legal_name', 'legal_cert_no']);
  if (merchantType === '07') requireBizFields(biz, ['cert_name']);
  if (
    (biz.legal_cert_type ?? '100') === '100' &&
    typeof biz.legal_cert_no === 'string' &&
    !validIdNumber(biz.legal_cert_no)
  ) {
    throw invalidParameter('参数有误：legal_cert_no 证件号码格式错误');
  }

  const services = Array.isArray(biz.service) ? biz.service.map(String) : [];
  for (const s of services) if (!SERVICES.has(s)) throw invalidParameter('参数有误：service 取值无效');

  list(biz.contact_infos).forEach((contact, i) => {
    requireBizFields(contact, ['name', 'mobile'], `contact_infos[${i}].`);
    if (!/^1\d{10}$/.test(String(contact.mobile)))
      throw invalidParameter(`参数有误：contact_infos[${i}].mobile 手机号格式错误`);
  });

  if (services.includes('当面付')) {
    requireBizFields(biz, ['business_address', 'out_door_images', 'in_door_images']);
    requireBizFields(
      biz.business_address as Biz,
      ['province_code', 'city_code', 'district_code', 'address'],
      'business_address.',
    );
    if (merchantType !== '06') requireBizFields(biz, ['cert_image']);
  }
  const sites = list(biz.sites);
  if (services.some((s) => s === '电脑支付' || s === 'wap支付')) {
    const site = sites.find((s) => s.site_type === '01');
    if (!site) throw invalidParameter('参数有误：sites 缺少网站类型(site_type=01)站点');
    requireBizFields(site, ['site_url', 'site_name'], 'sites.');
  }
  for (const site of sites.filter((s) => s.site_type === '06' && services.includes('jsapi支付')))
    requireBizFields(site, ['tiny_app_id'], 'sites.');

  const rule = biz.default_settle_rule as Biz;
  requireBizFields(rule, ['default_settle_type', 'default_settle_target'], 'default_settle_rule.');
  const cards = list(biz.biz_cards);
  if (cards.length > 1) throw invalidParameter('参数有误：biz_cards 最多一张');
  if (merchantType === '06' && cards.length) throw invalidParameter('参数有误：biz_cards 个人商户不支持结算到银行卡');
  if (rule.default_settle_type === 'bankCard') {
    const card = cards[0];
    if (!card) throw invalidParameter('参数有误：biz_cards 不能为空');
    requireBizFields(card, ['account_no', 'account_holder_name', 'account_type', 'usage_type'], 'biz_cards.');
    if (card.account_no !== rule.default_settle_target)
      throw invalidParameter('参数有误：default_settle_rule.default_settle_target 必须是 biz_cards 中的卡号');
  } else if (rule.default_settle_type === 'alipayAccount') {
    if (biz.alipay_logon_id !== rule.default_settle_target)
      throw invalidParameter('参数有误：default_settle_rule.default_settle_target 必须等于 alipay_logon_id');
  } else {
    throw invalidParameter('参数有误：default_settle_rule.default_settle_type 取值无效');
  }
}

/** Every image field must hold an id returned by image.upload. */
export async function checkZftImageIds(biz: Biz, store: SandboxStore): Promise<void> {
  const single = [
    'cert_image',
    'cert_image_back',
    'legal_cert_front_image',
    'legal_cert_back_image',
    'license_auth_letter_image',
  ];
  const refs: [string, unknown][] = single.map((f) => [f, biz[f]]);
  for (const f of ['out_door_images', 'in_door_images']) {
    if (Array.isArray(biz[f])) (biz[f] as unknown[]).forEach((id, i) => refs.push([`${f}[${i}]`, id]));
  }
  list(biz.qualifications).forEach((q, i) =>
    refs.push([`qualifications[${i}].industry_qualification_image`, q.industry_qualification_image]),
  );
  for (const [field, id] of refs) {
    if (id === undefined || id === null || id === '') continue;
    if (typeof id !== 'string' || !(await store.get(IMAGE_KIND, id))) {
      throw invalidParameter(`参数有误：${field} 图片不存在，请先上传图片`);
    }
  }
}
