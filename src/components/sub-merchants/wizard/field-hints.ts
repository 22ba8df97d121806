import type { FormDataField } from '@/schemas/form-data/fields';
import type { MessageKey } from '@/i18n/messages/en';

/** What a valid value looks like, shown under the field and in Chinese format errors. */
export const formatHintKeys: Partial<Record<FormDataField, MessageKey>> = {
  licenseNumber: 'subMerchants.hint.licenseNumber',
  idCardNumber: 'subMerchants.hint.idCardNumber',
  contactMobile: 'subMerchants.hint.contactMobile',
  contactEmail: 'subMerchants.hint.contactEmail',
  servicePhone: 'subMerchants.hint.servicePhone',
  accountNumber: 'subMerchants.hint.accountNumber',
  storeAddressCode: 'subMerchants.hint.areaCode',
  bankAddressCode: 'subMerchants.hint.areaCode',
  bankBranchId: 'subMerchants.hint.bankBranchId',
  miniProgramAppid: 'subMerchants.hint.miniProgramAppid',
  websiteDomain: 'subMerchants.hint.websiteDomain',
  settlementId: 'subMerchants.hint.settlementId',
  merchantShortname: 'subMerchants.hint.merchantShortname',
};
