import { eq } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { platforms } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import type { PlatformContext } from '../context';

/**
 * The platform's current signing secret in plain text, for an admin to copy into the receiver. `rotating` says
 * whether a previous secret still signs too. Each reveal is logged (who and which platform, never the secret).
 */
export async function revealWebhookSecret(ctx: PlatformContext): Promise<{ webhookSecret: string; rotating: boolean }> {
  const [row] = await ctx.db
    .select({ secretEnc: platforms.webhookSecretEnc, previousSecretEnc: platforms.previousWebhookSecretEnc })
    .from(platforms)
    .where(eq(platforms.id, ctx.platformId));
  if (!row) throw notFound('Platform');
  logger.info({ platformId: ctx.platformId, actor: ctx.actor }, 'webhook secret revealed');
  return { webhookSecret: getFieldCipher().decrypt(row.secretEnc), rotating: row.previousSecretEnc !== null };
}
