import { writeLocalSecrets } from '@/server/config/secrets';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { countTokensByKey } from './count-tokens-by-key';
import { keyIdOf, localKeyRing } from './local-key-ring';
import type { ServiceContext } from '../context';

/**
 * Embedded mode: removes a data key from secrets.json once no stored token uses it any more (after
 * `data-key reencrypt`). Refused while a single token still needs it: that value would become unreadable.
 */
export async function retireDataKey(ctx: ServiceContext, { keyId }: { keyId: string }) {
  const { dataDir, stored, entries } = localKeyRing();
  if (!entries.some((entry) => keyIdOf(entry) === keyId))
    throw new AppError('not_found', `Data key "${keyId}" is not in the key ring.`);
  if (keyIdOf(entries[0]!) === keyId)
    throw new AppError('invalid_state', `Data key "${keyId}" is the active key; add a new one first.`);
  const stillUsed = (await countTokensByKey(ctx)).byKeyId[keyId] ?? 0;
  if (stillUsed > 0) {
    throw new AppError(
      'conflict',
      `Data key "${keyId}" still seals ${stillUsed} stored value(s); run "data-key reencrypt" after a restart first.`,
    );
  }
  const ring = entries.filter((entry) => keyIdOf(entry) !== keyId);
  writeLocalSecrets(dataDir, { ...stored, DATA_ENCRYPTION_KEY: ring.join(',') });
  logger.info({ retiredKeyId: keyId, keyIds: ring.map(keyIdOf) }, 'data key retired from the local key ring');
  return { retiredKeyId: keyId, keyIds: ring.map(keyIdOf), restartRequired: false };
}
