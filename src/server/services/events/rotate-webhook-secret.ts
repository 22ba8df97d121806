import { eq } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { generateWebhookSecret } from '@/server/crypto/webhook-signature';
import { platforms } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';

/**
 * Starts a rotation: a new signing secret becomes current and the current one becomes the previous one, so
 * every delivery carries two `v1=` signatures until the integrator has switched (a receiver holding either
 * secret verifies). Rotating again drops the oldest secret. The new secret is returned here, in plain text.
 */
export async function rotateWebhookSecret(
  ctx: PlatformContext,
  { reason }: { reason?: string | undefined } = {},
): Promise<{ webhookSecret: string; rotatedAt: string }> {
  const webhookSecret = generateWebhookSecret();
  const rotatedAt = new Date();
  return ctx.db.transaction(async (tx) => {
    // FOR UPDATE: two admins rotating at once must not both demote the same secret and lose one.
    const [current] = await tx
      .select({ secretEnc: platforms.webhookSecretEnc })
      .from(platforms)
      .where(eq(platforms.id, ctx.platformId))
      .for('update');
    if (!current) throw notFound('Platform');
    await tx
      .update(platforms)
      .set({
        webhookSecretEnc: getFieldCipher().encrypt(webhookSecret),
        previousWebhookSecretEnc: current.secretEnc,
        updatedAt: rotatedAt,
      })
      .where(eq(platforms.id, ctx.platformId));
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'webhook_secret.rotate',
      target: { type: 'platform', id: ctx.platformId },
      reason,
    });
    logger.info({ platformId: ctx.platformId, actor: ctx.actor }, 'webhook secret rotated');
    return { webhookSecret, rotatedAt: rotatedAt.toISOString() };
  });
}
