import { eq, sql } from 'drizzle-orm';
import { getEnv } from '@/env';
import { isPlatformConfigKey, platformConfigKeys, platformConfigSchemas } from '@/schemas/platform-config';
import { platforms, type PlatformConfig } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import type { LookupAll } from '../events/delivery-url-guard';
import { liveConfigProblem } from './live-config-guard';

/**
 * Sets (or with `null` removes) one validated config key. Unknown keys are refused, never stored; in live mode
 * URLs that reach loopback or private addresses are refused too (`lookup` is injectable for tests).
 */
export async function setPlatformConfig(
  ctx: PlatformContext,
  key: string,
  value: unknown,
  options: { mode?: 'sandbox' | 'live'; lookup?: LookupAll } = {},
): Promise<PlatformConfig> {
  if (!isPlatformConfigKey(key)) {
    throw new AppError('invalid_request', `Unknown config key "${key}". Known keys: ${platformConfigKeys.join(', ')}.`, {
      errors: [{ pointer: '/key', code: 'invalid_value', message: 'unknown config key' }],
    });
  }
  let stored: unknown = null;
  if (value !== null && value !== '') {
    const parsed = platformConfigSchemas[key].safeParse(value);
    if (!parsed.success) {
      throw new AppError('invalid_request', `Invalid value for ${key}: ${parsed.error.issues[0]?.message}.`, {
        errors: [{ pointer: '/value', code: 'invalid_value', message: parsed.error.issues[0]?.message ?? 'invalid' }],
      });
    }
    stored = parsed.data;
    const problem = (options.mode ?? getEnv().UPSTREAM_MODE) === 'live' ? await liveConfigProblem(key, stored, options.lookup) : null;
    if (problem) {
      throw new AppError('invalid_request', `Invalid value for ${key}: ${problem}.`, {
        errors: [{ pointer: '/value', code: 'invalid_value', message: problem }],
      });
    }
  }
  const patch = stored === null ? sql`${platforms.config} - ${key}` : sql`${platforms.config} || ${JSON.stringify({ [key]: stored })}::jsonb`;
  const [row] = await ctx.db
    .update(platforms)
    .set({ config: patch, updatedAt: new Date() })
    .where(eq(platforms.id, ctx.platformId))
    .returning({ config: platforms.config });
  if (!row) throw notFound('Platform');
  return row.config;
}
