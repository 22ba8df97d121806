import { getEnv } from '@/env';
import { getSecrets, readLocalSecrets, type StoredSecrets } from '@/server/config/secrets';
import { AppError } from '@/server/errors';

/**
 * The embedded mode's key ring in DATA_DIR/secrets.json. With DATA_ENCRYPTION_KEY in the environment the ring
 * belongs to whoever deploys the service, and the CLI must not pretend to change it.
 */
export function localKeyRing(): { dataDir: string; stored: StoredSecrets; entries: string[] } {
  const env = getEnv();
  if (env.DATA_ENCRYPTION_KEY) {
    throw new AppError(
      'invalid_state',
      'DATA_ENCRYPTION_KEY is set in the environment: change the key ring there (see docs/data-key-rotation.md) and restart every instance.',
    );
  }
  getSecrets(); // creates secrets.json on a first run
  const stored = readLocalSecrets(env.dataDir)!;
  return { dataDir: env.dataDir, stored, entries: stored.DATA_ENCRYPTION_KEY.split(',') };
}

export const keyIdOf = (entry: string) => entry.split(':')[0]!;
