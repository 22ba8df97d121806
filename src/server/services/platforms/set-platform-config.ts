import { eq, sql } from 'drizzle-orm';
import { getEnv } from '@/env';
import { isPlatformConfigKey, platformConfigKeys, platformConfigSchemas } from '@/schemas/platform-config';
import { platforms, type PlatformConfig } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import type { LookupAll } from '../events/delivery-url-guard';
import { configUrlProblem } from './config-url-guard';

/**
 * Sets (or with `null` removes) one validated config key. Unknown keys are refused, never stored; notify URLs
 * that reach loopback or private addresses are refused too unless ALLOW_PRIVATE_WEBHOOK_URLS=1, and in live
 * mode so are private redirect hosts (`mode`, `allowPrivate` and `lookup` default to the environment; tests
 * inject them). Every change is in the platform's audit log (key only, never the value).
 */
export async function setPlatformConfig(
  ctx: PlatformContext,
  {
    key,
    value,
    mode,
    allowPrivate,
    lookup,
  }: { key: string; value: unknown; mode?: 'sandbox' | 'live'; allowPrivate?: boolean; lookup?: LookupAll },
): Promise<PlatformConfig> {
  if (!isPlatformConfigKey(key)) {
    throw new AppError(
      'invalid_request',
      `Unknown config key "${key}". Known keys: ${platformConfigKeys.join(', ')}.`,
      {
        errors: [{ pointer: '/key', code: 'invalid_value', message: 'unknown config key' }],
      },
    );
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
    const problem = await configUrlProblem(key, stored, {
      mode: mode ?? getEnv().UPSTREAM_MODE,
      allowPrivate: allowPrivate ?? getEnv().ALLOW_PRIVATE_WEBHOOK_URLS,
      lookup,
    });
    if (problem) {
      // The specific code (private_address, https_required, …) lets the console say the real reason and its fix.
      throw new AppError('invalid_request', `Invalid value for ${key}: ${problem.message}.`, {
        errors: [{ pointer: '/value', code: problem.code, message: problem.message }],
      });
    }
  }
  const patch =
    stored === null
      ? sql`${platforms.config} - ${key}`
      : sql`${platforms.config} || ${JSON.stringify({ [key]: stored })}::jsonb`;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(platforms)
      .set({ config: patch, updatedAt: new Date() })
      .where(eq(platforms.id, ctx.platformId))
      .returning({ config: platforms.config });
    if (!row) throw notFound('Platform');
    // A notify URL decides where signed events go: who changed which key is security-relevant. The value
    // itself stays out of the log (a URL may carry a receiver's token in its query).
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'platform_config.set',
      target: { type: 'platform', id: ctx.platformId },
      details: { key, removed: stored === null },
    });
    return row.config;
  });
}
