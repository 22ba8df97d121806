import { and, eq } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { providerBNotificationKey } from '@/server/upstreams/credentials';
import { parseZftNotification } from '@/server/providers/providerB/zft/zft-notification';
import { acquireSubmitLease, releaseSubmitLease } from './submit-lease';
import { refreshFromUpstream } from './submit-sub-merchant';
import type { ServiceContext } from '../context';

/**
 * Alipay's passed/rejected message for a ZFT order. Verified over the raw body before anything is read from it;
 * even then it only triggers a refresh: the state we store comes from querying the upstream.
 */
export async function handleZftNotification(ctx: ServiceContext, { rawBody }: { rawBody: string }) {
  const { db } = ctx;
  const { appId, alipayPublicKeyPem, platformId } = await providerBNotificationKey(rawBody);
  let notification;
  try {
    notification = parseZftNotification(rawBody, alipayPublicKeyPem);
  } catch {
    throw new AppError('unauthenticated', 'The notification signature does not verify.');
  }
  if (notification.appId && notification.appId !== appId)
    throw new AppError('unauthenticated', 'The notification is for another app.');
  const rows = await db
    .select()
    .from(subMerchants)
    .where(
      and(
        eq(subMerchants.provider, 'providerB'),
        eq(subMerchants.chApplymentId, notification.applymentId),
        // Sandbox: only the records of the platform whose sandbox app the notification came from.
        platformId === undefined ? undefined : eq(subMerchants.platformId, platformId),
      ),
    );
  for (const row of rows) {
    const token = await acquireSubmitLease(ctx, { id: row.id, waitMs: 10_000 });
    try {
      const [current] = await db.select().from(subMerchants).where(eq(subMerchants.id, row.id));
      await refreshFromUpstream({ db, platformId: row.platformId, actor: 'notification' }, current!);
    } finally {
      await releaseSubmitLease(ctx, { id: row.id, token });
    }
  }
  if (rows.length === 0)
    logger.warn({ applymentId: notification.applymentId }, 'notification for an unknown application');
  return { refreshed: rows.length };
}
