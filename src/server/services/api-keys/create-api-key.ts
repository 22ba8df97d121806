import { z } from 'zod';
import { getEnv } from '@/env';
import { apiKeys } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { generateApiKey } from './api-key-format';
import { toApiKeyDto } from './api-key-dto';
import { createApiKeyInput } from '@/schemas/platform-requests';

/** Creates a key; the plain key is in this response only and is stored as a hash. */
export async function createApiKey(ctx: PlatformContext, input: z.input<typeof createApiKeyInput>) {
  const { name, services, reason } = createApiKeyInput.parse(input);
  const { key, hash, displayPrefix } = generateApiKey(getEnv().UPSTREAM_MODE);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
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
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'api_key.create',
      target: { type: 'api_key', id: row!.id },
      details: { name, services: row!.services },
      reason,
    });
    return { ...toApiKeyDto(row!), secret: key };
  });
}
