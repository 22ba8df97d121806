import type { Db } from '@/server/db';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import { createPlatform } from '@/server/services/platforms/create-platform';

let counter = 0;

/** A platform with one API key; unique names per call. */
export async function createPlatformWithKey(db: Db, services?: ServiceCode[]) {
  const { platform, webhookSecret } = await createPlatform(
    { db, actor: 'test' },
    { name: `Test platform ${++counter}` },
  );
  const key = await createApiKey({ db, platformId: platform.id, actor: 'test' }, { services });
  return { platformId: platform.id, apiKey: key.secret, apiKeyId: key.id, webhookSecret };
}
