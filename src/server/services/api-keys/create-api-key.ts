import { z } from 'zod';
import { getEnv } from '@/env';
import { apiKeys } from '@/server/db/schema';
import { newId } from '@/server/ids';
import type { PlatformContext } from '../context';
import { generateApiKey } from './api-key-format';
import { toApiKeyDto } from './api-key-dto';
import { createApiKeyInput } from '@/schemas/platform-requests';

/** Creates a key; the plain key is in this response only and is stored as a hash. */
export async function createApiKey(ctx: PlatformContext, input: z.input<typeof createApiKeyInput>) {
  const { name, services } = createApiKeyInput.parse(input);
  const { key, hash, displayPrefix } = generateApiKey(getEnv().UPSTREAM_MODE);
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      id: newId('key'),
      platformId: ctx.platformId,
      name,
      displayPrefix,
      keyHash: hash,
      services: [...new Set(services)],
      createdBy: ctx.actor,
    })
    .returning();
  return { ...toApiKeyDto(row!), secret: key };
}
