import type { FormDataField } from '@/schemas/form-data/fields';
import type { MessageKey } from '@/i18n/messages/en';

/** What a valid value looks like, shown under the field and in Chinese format errors (picked codes need none). */
export const formatHintKeys: Partial<Record<FormDataField, MessageKey>> = {
  licenseNumber: 'subMerchants.hint.licenseNumber',
  idCardNumber: 'subMerchants.hint.idCardNumber',
  contactMobile: 'subMerchants.hint.contactMobile',
  contactEmail: 'subMerchants.hint.contactEmail',
  servicePhone: 'subMerchants.hint.servicePhone',
  accountNumber: 'subMerchants.hint.accountNumber',
  miniProgramAppid: 'subMerchants.hint.miniProgramAppid',
  websiteDomain: 'subMerchants.hint.websiteDomain',
  merchantShortname: 'subMerchants.hint.merchantShortname',
};
