import type { Provider } from '@/domain/providers';
import type { BankAccountType, FieldGroup, Label, SalesScene, SubjectType } from './fields';

/** zh-CN labels use the upstream's own terms so sellers recognise them from the provider's forms. */
export const groupLabels: Record<FieldGroup, Label> = {
  subject: { 'zh-CN': '主体信息', en: 'Subject' },
  contact: { 'zh-CN': '超级管理员信息', en: 'Super administrator' },
  license: { 'zh-CN': '营业执照', en: 'Business license' },
  legalPersonId: { 'zh-CN': '法人身份证', en: 'Legal representative ID card' },
  merchantInfo: { 'zh-CN': '经营信息', en: 'Business information' },
  settlement: { 'zh-CN': '结算账户', en: 'Settlement account' },
  store: { 'zh-CN': '线下场所', en: 'Physical store' },
  miniProgram: { 'zh-CN': '小程序', en: 'Mini program' },
  web: { 'zh-CN': '互联网网站', en: 'Website' },
};

export const enumValueLabels: Record<SubjectType | SalesScene | BankAccountType, Label> = {
  SUBJECT_TYPE_ENTERPRISE: { 'zh-CN': '企业', en: 'Enterprise' },
  SUBJECT_TYPE_INDIVIDUAL: { 'zh-CN': '个体户', en: 'Individual business' },
  SUBJECT_TYPE_INSTITUTIONS: { 'zh-CN': '事业单位', en: 'Public institution' },
  SUBJECT_TYPE_GOVERNMENT: { 'zh-CN': '政府机关', en: 'Government agency' },
  SUBJECT_TYPE_OTHERS: { 'zh-CN': '社会组织', en: 'Social organization' },
  SALES_SCENES_STORE: { 'zh-CN': '线下场所', en: 'Physical store' },
  SALES_SCENES_MP: { 'zh-CN': '公众号', en: 'Official account' },
  SALES_SCENES_MINI_PROGRAM: { 'zh-CN': '小程序', en: 'Mini program' },
  SALES_SCENES_WEB: { 'zh-CN': '互联网网站', en: 'Website' },
  SALES_SCENES_APP: { 'zh-CN': 'APP', en: 'App' },
  SALES_SCENES_WEWORK: { 'zh-CN': '企业微信', en: 'WeCom' },
  BANK_ACCOUNT_TYPE_CORPORATE: { 'zh-CN': '对公银行账户', en: 'Corporate bank account' },
  BANK_ACCOUNT_TYPE_PERSONAL: { 'zh-CN': '经营者个人银行卡', en: "Operator's personal bank card" },
};

/** A value one provider calls by its own name: Alipay's SALES_SCENES_MP is jsapi支付, not WeChat's 公众号. */
export const providerValueLabels: Partial<Record<Provider, Partial<Record<SalesScene, Label>>>> = {
  providerB: {
    SALES_SCENES_MP: {
      'zh-CN': 'JSAPI 支付（支付宝小程序内网页）',
      en: 'JSAPI payment (web page in an Alipay mini program)',
    },
  },
};
