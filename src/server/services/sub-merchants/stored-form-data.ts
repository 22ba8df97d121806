import { personalFields, type FormData } from '@/schemas/form-data';
import { getFieldCipher } from '@/server/config/field-cipher';
import { encryptFields } from '@/server/crypto/field-encryption';

/** formData as stored: personal fields become cipher tokens (AES-256-GCM with key id), the rest stays plain. */
export const sealFormData = (formData: FormData) =>
  encryptFields(formData, personalFields, getFieldCipher()) as Record<string, unknown>;

export { revealFormData } from './sub-merchant-dto';
