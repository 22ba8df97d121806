import { and, eq } from 'drizzle-orm';
import { mpAudits } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { providerBNotificationKey } from '@/server/upstreams/credentials';
import { parseMiniAuditMessage } from '@/server/providers/providerB';
import { recordAuditDecision } from './record-audit-decision';
import { seenPush } from './seen-push';
import type { ServiceContext } from '../context';

/** Alipay's mini-program audit passed/rejected message, verified before use and applied once. */
export async function handleAlipayMiniMessage(ctx: ServiceContext, { raw }: { raw: string }) {
  const { db } = ctx;
  const { alipayPublicKeyPem, platformId } = await providerBNotificationKey(raw);
  let message;
  try {
    message = parseMiniAuditMessage(raw, alipayPublicKeyPem);
  } catch {
    throw new AppError('unauthenticated', 'The message signature does not verify.');
  }
  if (await seenPush(ctx, { provider: 'providerB', pushId: message.notifyId })) return 'replayed';
  const [audit] = await db
    .select()
    .from(mpAudits)
    .where(
      and(
        eq(mpAudits.provider, 'providerB'),
        eq(mpAudits.upstreamAuditId, message.auditId),
        // Sandbox: only the audits of the platform whose sandbox app the message came from.
        platformId === undefined ? undefined : eq(mpAudits.platformId, platformId),
      ),
    );
  if (audit) await recordAuditDecision(ctx, { audit, decision: { status: message.outcome, reason: message.reason } });
  return message.outcome;
}
