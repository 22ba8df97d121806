/**
 * The formData field catalogue: one entry per key an integrator, the console or tRPC may send. Every other
 * module here (draft schema, submit rules, requirements, masking, console forms) reads from this table, so a
 * field is added in one place. Isomorphic: no Node-only imports.
 */
import type { Provider } from '@/domain/providers';

export const subjectTypes = [
  'SUBJECT_TYPE_ENTERPRISE',
  'SUBJECT_TYPE_INDIVIDUAL',
  'SUBJECT_TYPE_INSTITUTIONS',
  'SUBJECT_TYPE_GOVERNMENT',
  'SUBJECT_TYPE_OTHERS',
] as const;
export type SubjectType = (typeof subjectTypes)[number];

export const salesScenes = [
  'SALES_SCENES_STORE',
  'SALES_SCENES_MP',
  'SALES_SCENES_MINI_PROGRAM',
  'SALES_SCENES_WEB',
  'SALES_SCENES_APP',
  'SALES_SCENES_WEWORK',
] as const;
export type SalesScene = (typeof salesScenes)[number];

export const bankAccountTypes = ['BANK_ACCOUNT_TYPE_CORPORATE', 'BANK_ACCOUNT_TYPE_PERSONAL'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export type FieldGroup =
  'contact' | 'license' | 'legalPersonId' | 'merchantInfo' | 'settlement' | 'store' | 'miniProgram' | 'web' | 'subject';

export type FieldKind = 'text' | 'mediaId' | 'mediaIdList' | 'date' | 'enum';

/** How a personal value is shown in responses and on screens (see mask.ts). */
export type MaskStyle = 'name' | 'lastFour' | 'mobile' | 'email' | 'address' | 'logonId';

export type Label = { 'zh-CN': string; en: string };

export type FieldDefinition = {
  group: FieldGroup;
  kind: FieldKind;
  /** Personal data: masked in every response, never logged, encrypted at rest. */
  personal: boolean;
  mask?: MaskStyle;
  maxLength: number;
  label: Label;
  /** enum fields only */
  values?: readonly string[];
  /** enum fields that take one value or an array of values */
  multiple?: boolean;
  /** date fields whose value may be `长期` (permanent) */
  allowsPermanent?: boolean;
  /** The providers whose application carries the field; absent, both. Screens show it to these only. */
  providers?: readonly Provider[];
  /** enum fields: the values a provider accepts when it takes fewer than `values` (screens offer only these). */
  valuesFor?: Partial<Record<Provider, readonly string[]>>;
};

/** The upstream's word for "no end date" on ID cards and licenses. */
export const PERMANENT_DATE = '长期';
/** Upper bound for image arrays (store photos); the upstreams accept a handful. */
export const MAX_MEDIA_ITEMS = 20;

const NAME = 100;
const ADDRESS = 255;
const MEDIA = 512;
const IDENTIFIER = 32;
const DATE = 10;

export const formDataFields = {
  subjectType: {
    group: 'subject',
    kind: 'enum',
    personal: false,
    maxLength: IDENTIFIER,
    values: subjectTypes,
    // This form always carries a business licence: Alipay's 事业单位/政府机关/社会组织 need their own certificates.
    valuesFor: { providerB: ['SUBJECT_TYPE_ENTERPRISE', 'SUBJECT_TYPE_INDIVIDUAL'] },
    label: { 'zh-CN': '主体类型', en: 'Subject type' },
  },
  contactName: {
    group: 'contact',
    kind: 'text',
    personal: true,
    mask: 'name',
    maxLength: NAME,
    label: { 'zh-CN': '超级管理员姓名', en: 'Super administrator name' },
  },
  contactMobile: {
    group: 'contact',
    kind: 'text',
    personal: true,
    mask: 'mobile',
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '超级管理员手机号', en: 'Super administrator mobile number' },
  },
  contactEmail: {
    group: 'contact',
    kind: 'text',
    personal: true,
    mask: 'email',
    maxLength: 254,
    label: { 'zh-CN': '超级管理员邮箱', en: 'Super administrator e-mail' },
  },
  bindingAlipayLogonId: {
    providers: ['providerB'],
    group: 'contact',
    kind: 'text',
    personal: true,
    mask: 'logonId',
    maxLength: 254,
    label: {
      'zh-CN': '签约支付宝账号（实名认证的手机号或邮箱）',
      en: 'Alipay account that signs (mobile or e-mail of a real-name account)',
    },
  },
  licenseCopy: {
    group: 'license',
    kind: 'mediaId',
    personal: false,
    maxLength: MEDIA,
    label: { 'zh-CN': '营业执照照片', en: 'Business license photo' },
  },
  licenseNumber: {
    group: 'license',
    kind: 'text',
    personal: false,
    maxLength: IDENTIFIER,
    label: {
      'zh-CN': '营业执照注册号（统一社会信用代码）',
      en: 'Business license number (unified social credit code)',
    },
  },
  merchantName: {
    group: 'license',
    kind: 'text',
    personal: false,
    maxLength: 128,
    label: { 'zh-CN': '商户名称（营业执照上的名称）', en: 'Merchant name (as on the business license)' },
  },
  legalPerson: {
    group: 'license',
    kind: 'text',
    personal: false,
    maxLength: NAME,
    label: { 'zh-CN': '经营者/法定代表人姓名', en: 'Legal representative' },
  },
  licenseAddress: {
    group: 'license',
    kind: 'text',
    personal: false,
    maxLength: ADDRESS,
    label: { 'zh-CN': '营业执照注册地址', en: 'Registered address on the business license' },
  },
  licensePeriodBegin: {
    group: 'license',
    kind: 'date',
    personal: false,
    maxLength: DATE,
    label: { 'zh-CN': '营业执照有效期开始日期', en: 'Business license valid from' },
  },
  licensePeriodEnd: {
    group: 'license',
    kind: 'date',
    personal: false,
    maxLength: DATE,
    allowsPermanent: true,
    label: { 'zh-CN': '营业执照有效期结束日期', en: 'Business license valid until' },
  },
  idCardCopy: {
    group: 'legalPersonId',
    kind: 'mediaId',
    personal: false,
    maxLength: MEDIA,
    label: { 'zh-CN': '法人身份证人像面照片', en: 'Legal representative ID card, portrait side' },
  },
  idCardNational: {
    group: 'legalPersonId',
    kind: 'mediaId',
    personal: false,
    maxLength: MEDIA,
    label: { 'zh-CN': '法人身份证国徽面照片', en: 'Legal representative ID card, national emblem side' },
  },
  idCardName: {
    group: 'legalPersonId',
    kind: 'text',
    personal: true,
    mask: 'name',
    maxLength: NAME,
    label: { 'zh-CN': '法人身份证姓名', en: 'Name on the ID card' },
  },
  idCardNumber: {
    group: 'legalPersonId',
    kind: 'text',
    personal: true,
    mask: 'lastFour',
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '法人身份证号码', en: 'ID card number' },
  },
  idCardAddress: {
    group: 'legalPersonId',
    kind: 'text',
    personal: true,
    mask: 'address',
    maxLength: ADDRESS,
    label: { 'zh-CN': '法人身份证居住地址', en: 'Address on the ID card' },
  },
  idCardPeriodBegin: {
    group: 'legalPersonId',
    kind: 'date',
    personal: false,
    maxLength: DATE,
    label: { 'zh-CN': '法人身份证有效期开始时间', en: 'ID card valid from' },
  },
  idCardPeriodEnd: {
    group: 'legalPersonId',
    kind: 'date',
    personal: false,
    maxLength: DATE,
    allowsPermanent: true,
    label: { 'zh-CN': '法人身份证有效期结束时间', en: 'ID card valid until' },
  },
  merchantShortname: {
    group: 'merchantInfo',
    kind: 'text',
    personal: false,
    maxLength: 64,
    label: { 'zh-CN': '商户简称', en: 'Merchant short name (shown to payers)' },
  },
  servicePhone: {
    group: 'merchantInfo',
    kind: 'text',
    personal: false,
    maxLength: 30,
    label: { 'zh-CN': '客服电话', en: 'Customer service phone' },
  },
  settlementId: {
    providers: ['providerA'],
    group: 'merchantInfo',
    kind: 'text',
    personal: false,
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '入驻结算规则ID', en: 'Settlement rule id' },
  },
  qualificationType: {
    providers: ['providerA'],
    group: 'merchantInfo',
    kind: 'text',
    personal: false,
    maxLength: 64,
    label: { 'zh-CN': '所属行业', en: 'Industry (qualification type)' },
  },
  mcc: {
    providers: ['providerB'],
    group: 'merchantInfo',
    kind: 'text',
    personal: false,
    maxLength: 16,
    label: { 'zh-CN': '经营类目（MCC）', en: 'Merchant category code (MCC)' },
  },
  salesScene: {
    group: 'merchantInfo',
    kind: 'enum',
    personal: false,
    maxLength: IDENTIFIER,
    values: salesScenes,
    // 企业微信 is WeChat's own; Alipay's SALES_SCENES_MP is its jsapi支付 (labels.ts names it so for Alipay).
    valuesFor: {
      providerB: [
        'SALES_SCENES_STORE',
        'SALES_SCENES_MP',
        'SALES_SCENES_MINI_PROGRAM',
        'SALES_SCENES_WEB',
        'SALES_SCENES_APP',
      ],
    },
    multiple: true,
    label: { 'zh-CN': '经营场景', en: 'Sales scenes' },
  },
  bankAccountType: {
    group: 'settlement',
    kind: 'enum',
    personal: false,
    maxLength: IDENTIFIER,
    values: bankAccountTypes,
    label: { 'zh-CN': '结算账户类型', en: 'Settlement account type' },
  },
  accountName: {
    group: 'settlement',
    kind: 'text',
    personal: true,
    mask: 'name',
    maxLength: 128,
    label: { 'zh-CN': '结算账户开户名称', en: 'Settlement account holder name' },
  },
  accountBank: {
    group: 'settlement',
    kind: 'text',
    personal: false,
    maxLength: 128,
    label: { 'zh-CN': '结算账户开户银行', en: 'Settlement account bank' },
  },
  accountNumber: {
    group: 'settlement',
    kind: 'text',
    personal: true,
    mask: 'lastFour',
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '结算账户银行账号', en: 'Settlement account number' },
  },
  bankAddressCode: {
    providers: ['providerA'],
    group: 'settlement',
    kind: 'text',
    personal: false,
    maxLength: 12,
    label: { 'zh-CN': '开户银行省市编码', en: 'Bank branch province/city code' },
  },
  bankBranchId: {
    providers: ['providerA'],
    group: 'settlement',
    kind: 'text',
    personal: false,
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '开户银行联行号', en: 'Bank branch CNAPS number' },
  },
  storeName: {
    group: 'store',
    kind: 'text',
    personal: false,
    maxLength: 128,
    label: { 'zh-CN': '门店名称', en: 'Store name' },
  },
  storeAddressCode: {
    group: 'store',
    kind: 'text',
    personal: false,
    maxLength: 12,
    label: { 'zh-CN': '门店省市编码', en: 'Store province/city code' },
  },
  storeAddress: {
    group: 'store',
    kind: 'text',
    personal: false,
    maxLength: ADDRESS,
    label: { 'zh-CN': '门店地址', en: 'Store address' },
  },
  storeEntrancePics: {
    group: 'store',
    kind: 'mediaIdList',
    personal: false,
    maxLength: MEDIA,
    label: { 'zh-CN': '门店门头照片', en: 'Store entrance photos' },
  },
  storeIndoorPics: {
    group: 'store',
    kind: 'mediaIdList',
    personal: false,
    maxLength: MEDIA,
    label: { 'zh-CN': '店内环境照片', en: 'Store indoor photos' },
  },
  miniProgramAppid: {
    group: 'miniProgram',
    kind: 'text',
    personal: false,
    maxLength: IDENTIFIER,
    label: { 'zh-CN': '小程序AppID', en: 'Mini program AppID' },
  },
  websiteDomain: {
    group: 'web',
    kind: 'text',
    personal: false,
    maxLength: 253,
    label: { 'zh-CN': '互联网网站域名', en: 'Website domain' },
  },
} as const satisfies Record<string, FieldDefinition>;

export type FormDataField = keyof typeof formDataFields;

/** Catalogue order: errors, requirements and forms list fields in this order. */
export const formDataFieldNames = Object.keys(formDataFields) as FormDataField[];

export function isFormDataField(key: string): key is FormDataField {
  return Object.prototype.hasOwnProperty.call(formDataFields, key);
}

export function fieldDefinition(field: FormDataField): FieldDefinition {
  return formDataFields[field];
}

/** Whether the provider's application carries the field (the registry's `providers`; absent, both). */
export function fieldAcceptedBy(field: FormDataField, provider: Provider): boolean {
  const providers: readonly Provider[] | undefined = fieldDefinition(field).providers;
  return !providers || providers.includes(provider);
}

/** The values of an enum field the provider accepts (the registry's `valuesFor`, else all its values). */
export function acceptedValues(field: FormDataField, provider: Provider): readonly string[] {
  const def = fieldDefinition(field);
  return def.valuesFor?.[provider] ?? def.values ?? [];
}

/** Required at every submit, whatever the provider (docs/product/service.md §2.2). */
export const baseRequiredFields = [
  'subjectType',
  'contactName',
  'contactMobile',
  'contactEmail',
  'licenseCopy',
  'licenseNumber',
  'merchantName',
  'legalPerson',
  'idCardCopy',
  'idCardNational',
  'idCardName',
  'idCardNumber',
  'idCardPeriodBegin',
  'idCardPeriodEnd',
  'merchantShortname',
  'servicePhone',
  'accountName',
  'accountBank',
  'accountNumber',
] as const satisfies readonly FormDataField[];

export const personalFields = formDataFieldNames.filter((field) => formDataFields[field].personal);
