import { mergeFormData } from './merge';
import type { FormData, FormDataPatch } from './types';

/** GB 11643's own example number: its ISO 7064 MOD 11-2 check character is X. */
export const VALID_ID_NUMBER = '11010519491231002X';
/** A unified social credit code with a valid GB 32100 check character. */
export const VALID_LICENSE_NUMBER = '91350100M000100Y43';

/**
 * A formData that passes full submit validation: an enterprise with a corporate account selling in a
 * physical store. Pass overrides to change or (with `null`) remove fields, e.g. for one failing rule.
 */
export function completeFormDataFixture(overrides: FormDataPatch = {}): FormData {
  const base: FormData = {
    subjectType: 'SUBJECT_TYPE_ENTERPRISE',
    contactName: '张三',
    contactMobile: '13800138000',
    contactEmail: 'zhangsan@example.com',
    licenseCopy: 'media-license-copy-0001',
    licenseNumber: VALID_LICENSE_NUMBER,
    merchantName: '福州示例科技有限公司',
    legalPerson: '张三',
    licenseAddress: '福建省福州市鼓楼区示例路 1 号',
    licensePeriodBegin: '2015-03-01',
    licensePeriodEnd: '长期',
    idCardCopy: 'media-id-card-copy-0001',
    idCardNational: 'media-id-card-national-0001',
    idCardName: '张三',
    idCardNumber: VALID_ID_NUMBER,
    idCardAddress: '北京市朝阳区示例街道 8 号',
    idCardPeriodBegin: '2019-06-01',
    idCardPeriodEnd: '2039-06-01',
    merchantShortname: '示例小店',
    servicePhone: '0591-88886666',
    settlementId: '716',
    qualificationType: '餐饮',
    salesScene: ['SALES_SCENES_STORE'],
    bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    accountName: '福州示例科技有限公司',
    accountBank: '工商银行',
    accountNumber: '6222021234567890123',
    bankAddressCode: '350100',
    bankBranchId: '102391000018',
    storeName: '示例小店（鼓楼店）',
    storeAddressCode: '350102',
    storeAddress: '福建省福州市鼓楼区示例路 1 号 1 层',
    storeEntrancePics: ['media-store-entrance-0001'],
    storeIndoorPics: ['media-store-indoor-0001', 'media-store-indoor-0002'],
  };
  return mergeFormData(base, overrides);
}
