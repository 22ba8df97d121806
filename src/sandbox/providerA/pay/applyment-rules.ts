/**
 * The upstream's view of the applyment4sub submit body (docs/upstream/providerA.md B.2, B.3): which fields are encrypted,
 * which hold media ids, which are required, and their enums. Written from the doc, independently of the
 * client's mapping, so a mapping mistake shows up as a rejection.
 */

/** Sensitive (E) fields; `[]` marks an array of objects. */
export const SENSITIVE_PATHS = [
  '/contact_info/contact_name',
  '/contact_info/contact_id_number',
  '/contact_info/mobile_phone',
  '/contact_info/contact_email',
  '/subject_info/identity_info/id_card_info/id_card_name',
  '/subject_info/identity_info/id_card_info/id_card_number',
  '/subject_info/identity_info/id_card_info/id_card_address',
  '/subject_info/identity_info/id_doc_info/id_doc_name',
  '/subject_info/identity_info/id_doc_info/id_doc_number',
  '/subject_info/identity_info/id_doc_info/id_doc_address',
  '/subject_info/ubo_info_list[]/ubo_id_doc_name',
  '/subject_info/ubo_info_list[]/ubo_id_doc_number',
  '/subject_info/ubo_info_list[]/ubo_id_doc_address',
  '/bank_account_info/account_name',
  '/bank_account_info/account_number',
];

/** Media-id (M) fields; a value may be one id or an array of ids. */
export const MEDIA_PATHS = [
  '/contact_info/contact_id_doc_copy',
  '/contact_info/contact_id_doc_copy_back',
  '/contact_info/business_authorization_letter',
  '/subject_info/business_license_info/license_copy',
  '/subject_info/certificate_info/cert_copy',
  '/subject_info/organization_info/organization_copy',
  '/subject_info/certificate_letter_copy',
  '/subject_info/finance_institution_info/finance_license_pics',
  '/subject_info/identity_info/authorize_letter_copy',
  '/subject_info/identity_info/id_card_info/id_card_copy',
  '/subject_info/identity_info/id_card_info/id_card_national',
  '/subject_info/identity_info/id_doc_info/id_doc_copy',
  '/subject_info/identity_info/id_doc_info/id_doc_copy_back',
  '/subject_info/ubo_info_list[]/ubo_id_doc_copy',
  '/subject_info/ubo_info_list[]/ubo_id_doc_copy_back',
  '/business_info/sales_info/biz_store_info/store_entrance_pic',
  '/business_info/sales_info/biz_store_info/indoor_pic',
  '/business_info/sales_info/mp_info/mp_pics',
  '/business_info/sales_info/mini_program_info/mini_program_pics',
  '/business_info/sales_info/app_info/app_pics',
  '/business_info/sales_info/web_info/web_authorisation',
  '/business_info/sales_info/wework_info/wework_pics',
  '/settlement_info/qualifications',
  '/settlement_info/activities_additions',
  '/addition_info/business_addition_pics',
];

export const ENUMS: Record<string, readonly string[]> = {
  '/contact_info/contact_type': ['LEGAL', 'SUPER'],
  '/subject_info/subject_type': [
    'SUBJECT_TYPE_INDIVIDUAL',
    'SUBJECT_TYPE_ENTERPRISE',
    'SUBJECT_TYPE_INSTITUTIONS',
    'SUBJECT_TYPE_GOVERNMENT',
    'SUBJECT_TYPE_OTHERS',
    'SUBJECT_TYPE_MICRO',
  ],
  '/subject_info/identity_info/id_doc_type': [
    'IDENTIFICATION_TYPE_IDCARD',
    'IDENTIFICATION_TYPE_OVERSEA_PASSPORT',
    'IDENTIFICATION_TYPE_HONGKONG_PASSPORT',
    'IDENTIFICATION_TYPE_MACAO_PASSPORT',
    'IDENTIFICATION_TYPE_TAIWAN_PASSPORT',
    'IDENTIFICATION_TYPE_FOREIGN_RESIDENT',
    'IDENTIFICATION_TYPE_HONGKONG_MACAO_RESIDENT',
    'IDENTIFICATION_TYPE_TAIWAN_RESIDENT',
  ],
  '/business_info/sales_info/sales_scenes_type': [
    'SALES_SCENES_STORE',
    'SALES_SCENES_MP',
    'SALES_SCENES_MINI_PROGRAM',
    'SALES_SCENES_WEB',
    'SALES_SCENES_APP',
    'SALES_SCENES_WEWORK',
  ],
  '/bank_account_info/bank_account_type': ['BANK_ACCOUNT_TYPE_CORPORATE', 'BANK_ACCOUNT_TYPE_PERSONAL'],
};

/** Each inner list is "at least one of these"; a single path is plainly required. */
export type Requirement = readonly string[];

const LICENSE = '/subject_info/business_license_info';
const IDCARD = '/subject_info/identity_info/id_card_info';
const IDDOC = '/subject_info/identity_info/id_doc_info';
const SALES = '/business_info/sales_info';

/** Required fields for this body, in the order the upstream reports them. */
export function requirementsFor(body: { get(path: string): unknown }): Requirement[] {
  const subjectType = body.get('/subject_info/subject_type');
  const scenes = body.get(`${SALES}/sales_scenes_type`);
  const has = (scene: string) => Array.isArray(scenes) && scenes.includes(`SALES_SCENES_${scene}`);
  const enterprise = subjectType === 'SUBJECT_TYPE_ENTERPRISE';
  const licensed = enterprise || subjectType === 'SUBJECT_TYPE_INDIVIDUAL';
  const idCard = body.get('/subject_info/identity_info/id_doc_type') === 'IDENTIFICATION_TYPE_IDCARD';
  const superContact = body.get('/contact_info/contact_type') === 'SUPER';
  const req: Requirement[] = [
    ['/business_code'],
    ['/contact_info/contact_type'],
    ['/contact_info/contact_name'],
    ['/contact_info/contact_id_number', '/contact_info/openid'],
    ['/contact_info/mobile_phone'],
    ['/contact_info/contact_email'],
  ];
  if (superContact) {
    for (const f of [
      'contact_id_doc_type',
      'contact_id_doc_copy',
      'contact_period_begin',
      'contact_period_end',
      'business_authorization_letter',
    ]) {
      req.push([`/contact_info/${f}`]);
    }
  }
  req.push(['/subject_info/subject_type']);
  if (licensed)
    for (const f of ['license_copy', 'license_number', 'merchant_name', 'legal_person']) req.push([`${LICENSE}/${f}`]);
  req.push(['/subject_info/identity_info/id_doc_type']);
  if (idCard) {
    for (const f of ['id_card_copy', 'id_card_national', 'id_card_name', 'id_card_number'])
      req.push([`${IDCARD}/${f}`]);
    if (enterprise) req.push([`${IDCARD}/id_card_address`]);
    req.push([`${IDCARD}/card_period_begin`], [`${IDCARD}/card_period_end`]);
  } else {
    for (const f of ['id_doc_copy', 'id_doc_name', 'id_doc_number', 'doc_period_begin', 'doc_period_end'])
      req.push([`${IDDOC}/${f}`]);
  }
  if (enterprise) req.push(['/subject_info/identity_info/owner']);
  req.push(['/business_info/merchant_shortname'], ['/business_info/service_phone'], [`${SALES}/sales_scenes_type`]);
  if (has('STORE')) {
    for (const f of ['biz_store_name', 'biz_address_code', 'biz_store_address', 'store_entrance_pic', 'indoor_pic'])
      req.push([`${SALES}/biz_store_info/${f}`]);
  }
  if (has('MP')) req.push([`${SALES}/mp_info/mp_appid`, `${SALES}/mp_info/mp_sub_appid`]);
  if (has('MINI_PROGRAM'))
    req.push([`${SALES}/mini_program_info/mini_program_appid`, `${SALES}/mini_program_info/mini_program_sub_appid`]);
  if (has('APP')) req.push([`${SALES}/app_info/app_appid`, `${SALES}/app_info/app_sub_appid`]);
  if (has('WEB')) req.push([`${SALES}/web_info/domain`]);
  if (has('WEWORK')) req.push([`${SALES}/wework_info/sub_corp_id`]);
  req.push(['/settlement_info/settlement_id'], ['/settlement_info/qualification_type']);
  for (const f of ['bank_account_type', 'account_name', 'account_bank', 'bank_address_code', 'account_number'])
    req.push([`/bank_account_info/${f}`]);
  return req;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** Mainland resident ID (GB 11643): 17 digits and a mod-11 check character. */
export function isValidIdCardNumber(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17]!.toUpperCase();
}

export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
/** `长期` = no end date (B.2). */
export const isEndDate = (v: string) => v === '长期' || isDate(v);
