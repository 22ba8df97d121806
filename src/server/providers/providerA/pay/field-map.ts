import type { ApplymentFormData } from './types';

/**
 * Where each formData key lands in the applyment4sub submit body (docs/upstream/providerA.md B.2), and back.
 *
 * `form` lists the formData keys that can feed the field, first present wins. Keys beyond docs/product/service.md's
 * formData (contactType, bankAddressCode, licenseAddress, …) are optional extras a caller may send; the
 * defaults used when they are absent are documented on the entries that use them.
 */
export type FieldKind = 'text' | 'sensitive' | 'media' | 'mediaList' | 'list' | 'bool';

export type ApplymentContext = {
  subjectType: string;
  contactType: string;
  idDocType: string;
  scenes: ReadonlySet<string>;
};

export type FieldMapping = {
  path: string;
  form: readonly string[];
  kind: FieldKind;
  when?: (c: ApplymentContext) => boolean;
  /** Used when no formData key holds a value. */
  fallback?: (c: ApplymentContext) => string | boolean | undefined;
};

export const SUBJECT_ENTERPRISE = 'SUBJECT_TYPE_ENTERPRISE';
export const ID_CARD = 'IDENTIFICATION_TYPE_IDCARD';

const isSuper = (c: ApplymentContext) => c.contactType === 'SUPER';
const idCard = (c: ApplymentContext) => c.idDocType === ID_CARD;
const otherIdDoc = (c: ApplymentContext) => c.idDocType !== ID_CARD;
const scene = (name: string) => (c: ApplymentContext) => c.scenes.has(`SALES_SCENES_${name}`);

const CONTACT = '/contact_info';
const LICENSE = '/subject_info/business_license_info';
const IDENTITY = '/subject_info/identity_info';
const SALES = '/business_info/sales_info';
const BANK = '/bank_account_info';

export const FIELD_MAP: readonly FieldMapping[] = [
  // Default LEGAL: the contact (super administrator) is the legal person whose ID card is in formData.
  { path: `${CONTACT}/contact_type`, form: ['contactType'], kind: 'text', fallback: () => 'LEGAL' },
  { path: `${CONTACT}/contact_name`, form: ['contactName'], kind: 'sensitive' },
  { path: `${CONTACT}/contact_id_doc_type`, form: ['contactIdDocType'], kind: 'text', when: isSuper },
  // WeChat wants the contact's ID number (or openid). With contact_type LEGAL that is the legal person's
  // idCardNumber; a SUPER contact must bring contactIdNumber (see sourcesFor).
  { path: `${CONTACT}/contact_id_number`, form: ['contactIdNumber', 'idCardNumber'], kind: 'sensitive' },
  { path: `${CONTACT}/contact_id_doc_copy`, form: ['contactIdDocCopy'], kind: 'media', when: isSuper },
  { path: `${CONTACT}/contact_id_doc_copy_back`, form: ['contactIdDocCopyBack'], kind: 'media', when: isSuper },
  { path: `${CONTACT}/contact_period_begin`, form: ['contactPeriodBegin'], kind: 'text', when: isSuper },
  { path: `${CONTACT}/contact_period_end`, form: ['contactPeriodEnd'], kind: 'text', when: isSuper },
  {
    path: `${CONTACT}/business_authorization_letter`,
    form: ['businessAuthorizationLetter'],
    kind: 'media',
    when: isSuper,
  },
  // Sent unencrypted: WxJava does not encrypt it and it is not PII in the docs' sense (B.2, [U]).
  { path: `${CONTACT}/openid`, form: ['contactOpenid'], kind: 'text' },
  { path: `${CONTACT}/mobile_phone`, form: ['contactMobile'], kind: 'sensitive' },
  { path: `${CONTACT}/contact_email`, form: ['contactEmail'], kind: 'sensitive' },

  // No default: a missing subject type would send an enterprise as an individual business (submit requires it).
  { path: '/subject_info/subject_type', form: ['subjectType'], kind: 'text' },
  { path: `${LICENSE}/license_copy`, form: ['licenseCopy'], kind: 'media' },
  { path: `${LICENSE}/license_number`, form: ['licenseNumber'], kind: 'text' },
  { path: `${LICENSE}/merchant_name`, form: ['merchantName'], kind: 'text' },
  { path: `${LICENSE}/legal_person`, form: ['legalPerson'], kind: 'text' },
  { path: `${LICENSE}/license_address`, form: ['licenseAddress'], kind: 'text' },
  { path: `${LICENSE}/period_begin`, form: ['licensePeriodBegin'], kind: 'text' },
  { path: `${LICENSE}/period_end`, form: ['licensePeriodEnd'], kind: 'text' },

  // Default IDENTIFICATION_TYPE_IDCARD: formData's legal-person document is a mainland ID card. Another
  // idDocType moves the same formData keys into id_doc_info.
  { path: `${IDENTITY}/id_doc_type`, form: ['idDocType'], kind: 'text', fallback: () => ID_CARD },
  { path: `${IDENTITY}/id_card_info/id_card_copy`, form: ['idCardCopy'], kind: 'media', when: idCard },
  { path: `${IDENTITY}/id_card_info/id_card_national`, form: ['idCardNational'], kind: 'media', when: idCard },
  { path: `${IDENTITY}/id_card_info/id_card_name`, form: ['idCardName'], kind: 'sensitive', when: idCard },
  { path: `${IDENTITY}/id_card_info/id_card_number`, form: ['idCardNumber'], kind: 'sensitive', when: idCard },
  { path: `${IDENTITY}/id_card_info/id_card_address`, form: ['idCardAddress'], kind: 'sensitive', when: idCard },
  { path: `${IDENTITY}/id_card_info/card_period_begin`, form: ['idCardPeriodBegin'], kind: 'text', when: idCard },
  { path: `${IDENTITY}/id_card_info/card_period_end`, form: ['idCardPeriodEnd'], kind: 'text', when: idCard },
  { path: `${IDENTITY}/id_doc_info/id_doc_copy`, form: ['idCardCopy'], kind: 'media', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/id_doc_copy_back`, form: ['idCardNational'], kind: 'media', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/id_doc_name`, form: ['idCardName'], kind: 'sensitive', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/id_doc_number`, form: ['idCardNumber'], kind: 'sensitive', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/id_doc_address`, form: ['idCardAddress'], kind: 'sensitive', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/doc_period_begin`, form: ['idCardPeriodBegin'], kind: 'text', when: otherIdDoc },
  { path: `${IDENTITY}/id_doc_info/doc_period_end`, form: ['idCardPeriodEnd'], kind: 'text', when: otherIdDoc },
  // Enterprises must say whether the legal person is the beneficial owner; default true, because a false
  // needs ubo_info_list, which formData cannot express.
  {
    path: `${IDENTITY}/owner`,
    form: ['owner'],
    kind: 'bool',
    when: (c) => c.subjectType === SUBJECT_ENTERPRISE,
    fallback: () => true,
  },

  { path: '/business_info/merchant_shortname', form: ['merchantShortname'], kind: 'text' },
  { path: '/business_info/service_phone', form: ['servicePhone'], kind: 'text' },
  { path: `${SALES}/sales_scenes_type`, form: ['salesScene'], kind: 'list' },
  { path: `${SALES}/biz_store_info/biz_store_name`, form: ['storeName'], kind: 'text', when: scene('STORE') },
  { path: `${SALES}/biz_store_info/biz_address_code`, form: ['storeAddressCode'], kind: 'text', when: scene('STORE') },
  { path: `${SALES}/biz_store_info/biz_store_address`, form: ['storeAddress'], kind: 'text', when: scene('STORE') },
  {
    path: `${SALES}/biz_store_info/store_entrance_pic`,
    form: ['storeEntrancePics'],
    kind: 'mediaList',
    when: scene('STORE'),
  },
  { path: `${SALES}/biz_store_info/indoor_pic`, form: ['storeIndoorPics'], kind: 'mediaList', when: scene('STORE') },
  { path: `${SALES}/biz_store_info/biz_sub_appid`, form: ['storeSubAppid'], kind: 'text', when: scene('STORE') },
  // miniProgramAppid is the seller's own mini program (the one this service hosts), i.e. WeChat's
  // mini_program_sub_appid; mini_program_appid would be the service provider's.
  {
    path: `${SALES}/mini_program_info/mini_program_sub_appid`,
    form: ['miniProgramAppid'],
    kind: 'text',
    when: scene('MINI_PROGRAM'),
  },
  {
    path: `${SALES}/mini_program_info/mini_program_pics`,
    form: ['miniProgramPics'],
    kind: 'mediaList',
    when: scene('MINI_PROGRAM'),
  },
  { path: `${SALES}/web_info/domain`, form: ['websiteDomain'], kind: 'text', when: scene('WEB') },
  { path: `${SALES}/web_info/web_authorisation`, form: ['webAuthorisation'], kind: 'media', when: scene('WEB') },
  { path: `${SALES}/web_info/web_appid`, form: ['webAppid'], kind: 'text', when: scene('WEB') },
  { path: `${SALES}/mp_info/mp_sub_appid`, form: ['mpSubAppid'], kind: 'text', when: scene('MP') },
  { path: `${SALES}/mp_info/mp_pics`, form: ['mpPics'], kind: 'mediaList', when: scene('MP') },
  { path: `${SALES}/app_info/app_sub_appid`, form: ['appSubAppid'], kind: 'text', when: scene('APP') },
  { path: `${SALES}/app_info/app_pics`, form: ['appPics'], kind: 'mediaList', when: scene('APP') },
  { path: `${SALES}/wework_info/sub_corp_id`, form: ['subCorpId'], kind: 'text', when: scene('WEWORK') },
  { path: `${SALES}/wework_info/wework_pics`, form: ['weworkPics'], kind: 'mediaList', when: scene('WEWORK') },

  { path: '/settlement_info/settlement_id', form: ['settlementId'], kind: 'text' },
  { path: '/settlement_info/qualification_type', form: ['qualificationType'], kind: 'text' },
  { path: '/settlement_info/qualifications', form: ['qualifications'], kind: 'mediaList' },
  { path: '/settlement_info/activities_id', form: ['activitiesId'], kind: 'text' },
  { path: '/settlement_info/activities_rate', form: ['activitiesRate'], kind: 'text' },

  // Default: a corporate account for enterprises (the spec requires it), the operator's personal card otherwise.
  {
    path: `${BANK}/bank_account_type`,
    form: ['bankAccountType'],
    kind: 'text',
    fallback: (c) =>
      c.subjectType === SUBJECT_ENTERPRISE ? 'BANK_ACCOUNT_TYPE_CORPORATE' : 'BANK_ACCOUNT_TYPE_PERSONAL',
  },
  { path: `${BANK}/account_name`, form: ['accountName'], kind: 'sensitive' },
  { path: `${BANK}/account_bank`, form: ['accountBank'], kind: 'text' },
  // Required by WeChat, absent from formData: an explicit bankAddressCode, else the store's area code.
  { path: `${BANK}/bank_address_code`, form: ['bankAddressCode', 'storeAddressCode'], kind: 'text' },
  { path: `${BANK}/bank_branch_id`, form: ['bankBranchId'], kind: 'text' },
  { path: `${BANK}/bank_name`, form: ['bankName'], kind: 'text' },
  { path: `${BANK}/account_number`, form: ['accountNumber'], kind: 'sensitive' },

  { path: '/addition_info/business_addition_pics', form: ['businessAdditionPics'], kind: 'mediaList' },
  { path: '/addition_info/business_addition_msg', form: ['businessAdditionMsg'], kind: 'text' },
];

/** The formData keys that may feed an entry, given the formData it is mapped from. */
export function sourcesFor(entry: FieldMapping, formData: ApplymentFormData): readonly string[] {
  // A SUPER contact is not the legal person: never send the legal person's ID number as theirs.
  if (entry.path === `${CONTACT}/contact_id_number` && formData.contactType === 'SUPER') return ['contactIdNumber'];
  return entry.form;
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * The formData name behind an upstream field: a JSON path (`/subject_info/identity_info/id_card_info/id_card_copy`,
 * array indexes allowed) or the bare name used by `audit_detail[].field` (`id_card_copy`). With the formData
 * that was submitted, the key that actually fed the field is returned (e.g. `storeAddressCode` for
 * `bank_address_code` when no `bankAddressCode` was given). Unknown fields → undefined.
 */
export function upstreamFieldToFormField(field: string, formData?: ApplymentFormData): string | undefined {
  const segments = field
    .replace(/\[\d+\]/g, '')
    .split(/[/.]/)
    .filter((s) => s !== '' && !/^\d+$/.test(s));
  const leaf = segments.at(-1);
  if (!leaf) return undefined;
  const path = `/${segments.join('/')}`;
  const entry = FIELD_MAP.find((e) => e.path === path) ?? FIELD_MAP.find((e) => e.path.endsWith(`/${leaf}`));
  if (!entry) return undefined;
  if (!formData) return entry.form[0];
  const sources = sourcesFor(entry, formData);
  return sources.find((key) => hasValue(formData[key])) ?? sources[0];
}

/** formData key → the upstream JSON paths it feeds (for messages and tests). */
export function formFieldToUpstreamPaths(formField: string): string[] {
  return FIELD_MAP.filter((e) => e.form.includes(formField)).map((e) => e.path);
}
