import { eq } from 'drizzle-orm';
import { platforms } from '@/server/db/schema';
import type { PlatformConfigKey } from '@/schemas/platform-config';
import type { PlatformContext } from '../context';

/** Which platform config key holds the receiver of an event type (docs/product/decisions.md §6, docs/product/service.md §6). */
export function notifyUrlKey(type: string): PlatformConfigKey | undefined {
  if (type.startsWith('sub_merchant.')) return 'payments.notify_url';
  if (type.startsWith('miniprogram.')) return 'miniprogram.audit_notify_url';
  return undefined;
}

/** The URL currently configured for an event type, or undefined when the platform has not set one. */
export async function currentNotifyUrl(ctx: PlatformContext, { type }: { type: string }): Promise<string | undefined> {
  const { db, platformId } = ctx;
  const key = notifyUrlKey(type);
  if (!key) return undefined;
  const [row] = await db.select({ config: platforms.config }).from(platforms).where(eq(platforms.id, platformId));
  const value = row?.config[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
