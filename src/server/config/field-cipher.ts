import { createFieldCipher } from '@/server/crypto/field-encryption';
import { getSecrets, resetSecretsForTests } from './secrets';

let cipher: ReturnType<typeof createFieldCipher> | undefined;

/** The service's cipher for personal data and secrets at rest (AES-256-GCM, key id in every token). */
export function getFieldCipher() {
  if (!cipher) {
    const { dataKeys, activeDataKeyId } = getSecrets();
    cipher = createFieldCipher({ keys: dataKeys, activeKeyId: activeDataKeyId });
  }
  return cipher;
}

/** Test hook: the next use re-reads the key ring, as a restarted process would. */
export function resetFieldCipherForTests() {
  cipher = undefined;
  resetSecretsForTests();
}
