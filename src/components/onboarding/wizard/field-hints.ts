import type { FormDataField } from '@/schemas/form-data/fields';
import type { MessageKey } from '@/i18n/messages/en';

/** What a valid value looks like, shown under the field and in Chinese format errors. */
export const formatHintKeys: Partial<Record<FormDataField, MessageKey>> = {
  licenseNumber: 'onboarding.hint.licenseNumber',
  idCardNumber: 'onboarding.hint.idCardNumber',
  contactMobile: 'onboarding.hint.contactMobile',
  contactEmail: 'onboarding.hint.contactEmail',
  servicePhone: 'onboarding.hint.servicePhone',
  accountNumber: 'onboarding.hint.accountNumber',
  storeAddressCode: 'onboarding.hint.areaCode',
  bankAddressCode: 'onboarding.hint.areaCode',
  bankBranchId: 'onboarding.hint.bankBranchId',
  miniProgramAppid: 'onboarding.hint.miniProgramAppid',
  websiteDomain: 'onboarding.hint.websiteDomain',
  settlementId: 'onboarding.hint.settlementId',
  merchantShortname: 'onboarding.hint.merchantShortname',
};
