import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { mpAudits } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { providerBNotificationKey } from '@/server/upstreams/credentials';
import { parseMiniAuditMessage } from '@/server/providers/providerB';
import { recordAuditDecision } from './record-audit-decision';
import { seenPush } from './seen-push';

/** Alipay's mini-program audit passed/rejected message, verified before use and applied once. */
export async function handleAlipayMiniMessage(db: Db, raw: string) {
  const { alipayPublicKeyPem } = await providerBNotificationKey();
  let message;
  try {
    message = parseMiniAuditMessage(raw, alipayPublicKeyPem);
  } catch {
    throw new AppError('unauthenticated', 'The message signature does not verify.');
  }
  if (await seenPush(db, 'providerB', message.notifyId)) return 'replayed';
  const [audit] = await db
    .select()
    .from(mpAudits)
    .where(and(eq(mpAudits.provider, 'providerB'), eq(mpAudits.upstreamAuditId, message.auditId)));
  if (audit) await recordAuditDecision(db, audit, { status: message.outcome, reason: message.reason });
  return message.outcome;
}
