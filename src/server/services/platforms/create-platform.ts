import { z } from 'zod';
import { getFieldCipher } from '@/server/config/field-cipher';
import { generateWebhookSecret } from '@/server/crypto/webhook-signature';
import { platforms } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { createPlatformInput } from '@/schemas/platform-requests';
import type { ServiceContext } from '../context';

/** Creates a platform with its webhook signing secret; the secret is returned here once, in plain text. */
export async function createPlatform(ctx: ServiceContext, input: z.infer<typeof createPlatformInput>) {
  const { db } = ctx;
  const webhookSecret = generateWebhookSecret();
  const [platform] = await db
    .insert(platforms)
    .values({ id: newId('plat'), name: input.name, webhookSecretEnc: getFieldCipher().encrypt(webhookSecret) })
    .returning();
  return { platform: platform!, webhookSecret };
}
