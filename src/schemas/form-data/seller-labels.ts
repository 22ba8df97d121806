/**
 * The form's labels in a shop owner's words, for the seller's hosted onboarding form (issue 30). The catalogue's
 * labels (fields.ts) are the upstream's own terms, which operators know and a shop owner may not; a field not
 * listed here already reads plainly and keeps its catalogue label.
 */
import type { Locale } from '@/i18n/locales';
import { formDataFields, type FormDataField, type Label } from './fields';

export const sellerFieldLabels: Partial<Record<FormDataField, Label>> = {
  subjectType: { 'zh-CN': '您的营业执照类型', en: 'What kind of business licence you have' },
  contactName: {
    'zh-CN': '负责人姓名（接收微信/支付宝通知的人）',
    en: 'Your name (the person who receives the notices)',
  },
  contactMobile: { 'zh-CN': '负责人手机号', en: 'Your mobile number' },
  contactEmail: { 'zh-CN': '负责人邮箱', en: 'Your e-mail' },
  bindingAlipayLogonId: { 'zh-CN': '您的支付宝账号', en: 'Your Alipay account' },
  licenseCopy: { 'zh-CN': '拍营业执照', en: 'Photo of your business licence' },
  licenseNumber: { 'zh-CN': '营业执照上的统一社会信用代码', en: 'Registration number on the licence' },
  merchantName: { 'zh-CN': '营业执照上的名称', en: 'Name on the business licence' },
  legalPerson: { 'zh-CN': '营业执照上的经营者/法人', en: 'Owner named on the licence' },
  licenseAddress: { 'zh-CN': '营业执照上的地址', en: 'Address on the licence' },
  licensePeriodBegin: { 'zh-CN': '营业执照有效期从', en: 'Licence valid from' },
  licensePeriodEnd: { 'zh-CN': '营业执照有效期至', en: 'Licence valid until' },
  idCardCopy: { 'zh-CN': '拍身份证人像面', en: 'Photo of the ID card (photo side)' },
  idCardNational: { 'zh-CN': '拍身份证国徽面', en: 'Photo of the ID card (emblem side)' },
  idCardName: { 'zh-CN': '身份证上的姓名', en: 'Name on the ID card' },
  idCardNumber: { 'zh-CN': '身份证号码', en: 'ID card number' },
  idCardAddress: { 'zh-CN': '身份证上的住址', en: 'Address on the ID card' },
  idCardPeriodBegin: { 'zh-CN': '身份证有效期从', en: 'ID card valid from' },
  idCardPeriodEnd: { 'zh-CN': '身份证有效期至', en: 'ID card valid until' },
  merchantShortname: { 'zh-CN': '店铺名称（顾客付款时看到的）', en: 'Shop name (what customers see when they pay)' },
  servicePhone: { 'zh-CN': '顾客联系您的电话', en: 'Phone number customers can call' },
  settlementId: { 'zh-CN': '结算方式', en: 'How you are paid out' },
  qualificationType: { 'zh-CN': '您做什么生意', en: 'What your business does' },
  mcc: { 'zh-CN': '经营类别', en: 'Business category' },
  salesScene: { 'zh-CN': '在哪里收款', en: 'Where you take payments' },
  bankAccountType: { 'zh-CN': '收款账户是对公还是个人', en: 'Business or personal bank account' },
  accountName: { 'zh-CN': '收款账户的户名', en: 'Name on the bank account' },
  accountBank: { 'zh-CN': '收款银行', en: 'Your bank' },
  accountNumber: { 'zh-CN': '银行卡号/账号', en: 'Account number' },
  bankAddressCode: { 'zh-CN': '开户银行所在城市', en: 'City of your bank branch' },
  bankBranchId: { 'zh-CN': '开户支行', en: 'Your bank branch' },
  storeName: { 'zh-CN': '门店名称', en: 'Shop name on the sign' },
  storeAddressCode: { 'zh-CN': '门店所在城市', en: 'City of your shop' },
  storeAddress: { 'zh-CN': '门店详细地址', en: 'Shop address' },
  storeEntrancePics: { 'zh-CN': '拍门店门头（能看到招牌）', en: 'Photos of the shop front (with the sign)' },
  storeIndoorPics: { 'zh-CN': '拍店内环境', en: 'Photos inside the shop' },
  miniProgramAppid: { 'zh-CN': '小程序的AppID', en: 'Your mini program AppID' },
  websiteDomain: { 'zh-CN': '网站域名', en: 'Your website address' },
};

/** A field's label on the seller's form: the shop owner's words, else the catalogue's. */
export const sellerFieldLabel = (field: FormDataField, locale: Locale) =>
  sellerFieldLabels[field]?.[locale] ?? formDataFields[field].label[locale];
