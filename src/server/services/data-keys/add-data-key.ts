import { newDataKeyEntry, writeLocalSecrets } from '@/server/config/secrets';
import { logger } from '@/server/logger';
import { keyIdOf, localKeyRing } from './local-key-ring';

/**
 * Embedded mode: puts a new data key at the front of the ring in secrets.json. It encrypts after the next
 * start of the (single) instance; the older keys stay in the ring so everything stored keeps decrypting.
 */
export function addDataKey() {
  const { dataDir, stored, entries } = localKeyRing();
  const entry = newDataKeyEntry();
  if (entries.some((existing) => keyIdOf(existing) === keyIdOf(entry)))
    throw new Error('A key with this id was just added; try again in a moment.');
  const ring = [entry, ...entries];
  writeLocalSecrets(dataDir, { ...stored, DATA_ENCRYPTION_KEY: ring.join(',') });
  logger.info({ activeKeyId: keyIdOf(entry), keyIds: ring.map(keyIdOf) }, 'data key added to the local key ring');
  return { activeKeyId: keyIdOf(entry), keyIds: ring.map(keyIdOf), restartRequired: true };
}
