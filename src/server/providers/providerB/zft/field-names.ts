import type { ZftFormData } from './form-data';

/**
 * zft.create biz_content paths (index-free) → formData names. Used to turn upstream error messages and
 * audit reasons into `/formData/<field>` pointers.
 */
const UPSTREAM_TO_FORM: Record<string, string> = {
  merchant_type: 'subjectType',
  cert_type: 'subjectType',
  cert_no: 'licenseNumber',
  cert_name: 'merchantName',
  cert_image: 'licenseCopy',
  name: 'merchantName',
  alias_name: 'merchantShortname',
  legal_name: 'legalPerson',
  legal_cert_no: 'idCardNumber',
  legal_cert_front_image: 'idCardCopy',
  legal_cert_back_image: 'idCardNational',
  mcc: 'mcc',
  service: 'salesScene',
  service_phone: 'servicePhone',
  contact_infos: 'contactName',
  'contact_infos.name': 'contactName',
  'contact_infos.mobile': 'contactMobile',
  'contact_infos.email': 'contactEmail',
  binding_alipay_logon_id: 'bindingAlipayLogonId',
  biz_cards: 'accountNumber',
  'biz_cards.account_no': 'accountNumber',
  'biz_cards.account_holder_name': 'accountName',
  'biz_cards.account_inst_name': 'accountBank',
  'biz_cards.account_inst_id': 'accountBank',
  'biz_cards.account_branch_name': 'accountBank',
  'biz_cards.usage_type': 'bankAccountType',
  default_settle_rule: 'accountNumber',
  'default_settle_rule.default_settle_target': 'accountNumber',
  business_address: 'storeAddress',
  'business_address.province_code': 'storeAddressCode',
  'business_address.city_code': 'storeAddressCode',
  'business_address.district_code': 'storeAddressCode',
  'business_address.address': 'storeAddress',
  out_door_images: 'storeEntrancePics',
  in_door_images: 'storeIndoorPics',
  sites: 'salesScene',
  'sites.tiny_app_id': 'miniProgramAppid',
  'sites.site_url': 'websiteDomain',
  'sites.site_name': 'merchantShortname',
};

/** When the integrator supplied the Alipay-only key, errors point at that key instead of the default's source. */
const OVERRIDE_KEYS: Record<string, keyof ZftFormData & string> = {
  merchant_type: 'merchantType',
  cert_type: 'merchantType',
  mcc: 'mcc',
  service: 'services',
  binding_alipay_logon_id: 'bindingAlipayLogonId',
  alias_name: 'aliasName',
  'biz_cards.account_inst_id': 'accountInstId',
  'biz_cards.account_branch_name': 'accountBranchName',
  'biz_cards.account_inst_province': 'accountInstProvince',
  'biz_cards.account_inst_city': 'accountInstCity',
  'biz_cards.bank_code': 'bankCode',
};

// Leaf names that are unambiguous on their own (messages often name only the leaf).
const LEAF_TO_PATH: Record<string, string> = {};
for (const path of Object.keys(UPSTREAM_TO_FORM)) {
  const leaf = path.split('.').pop()!;
  if (leaf !== path && !(leaf in UPSTREAM_TO_FORM)) LEAF_TO_PATH[leaf] = leaf in LEAF_TO_PATH ? '' : path;
}

/**
 * `in_door_images[1]` → `storeIndoorPics`, `contact_infos[0].mobile` → `contactMobile`, `account_no` →
 * `accountNumber`; undefined for names we do not send. Pass formData to honour the Alipay-only override keys.
 */
export function upstreamFieldToFormField(name: string, formData?: ZftFormData): string | undefined {
  // The name comes from upstream text: own keys only, so "constructor" or "__proto__" map to nothing.
  const known = (table: object, key: string) => Object.hasOwn(table, key);
  let path = name
    .trim()
    .replace(/\[\d+\]/g, '')
    .toLowerCase();
  if (!known(UPSTREAM_TO_FORM, path) && !known(OVERRIDE_KEYS, path) && known(LEAF_TO_PATH, path) && LEAF_TO_PATH[path])
    path = LEAF_TO_PATH[path]!;
  const override = known(OVERRIDE_KEYS, path) ? OVERRIDE_KEYS[path] : undefined;
  if (override && formData && formData[override] !== undefined && formData[override] !== null) return override;
  while (path && !known(UPSTREAM_TO_FORM, path)) path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
  return path ? UPSTREAM_TO_FORM[path] : undefined;
}
