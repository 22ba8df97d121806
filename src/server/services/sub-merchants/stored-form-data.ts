import { personalFields, type FormData } from '@/schemas/form-data';
import { getFieldCipher } from '@/server/config/field-cipher';
import { encryptFields } from '@/server/crypto/field-encryption';
import { licenceSearchKey } from './licence-search-key';

/** formData as stored: personal fields become cipher tokens (AES-256-GCM with key id), the rest stays plain. */
export const sealFormData = (formData: FormData) =>
  encryptFields(formData, personalFields, getFieldCipher()) as Record<string, unknown>;

/**
 * The columns a write of formData sets: the sealed form and the keyed search key of its licence number, so the
 * work queue's licence search always matches what is stored.
 */
export const storedFormColumns = (formData: FormData) => ({
  formData: sealFormData(formData),
  licenceNumberHmac: licenceSearchKey(formData.licenseNumber),
});

export { revealFormData } from './sub-merchant-dto';
