import { and, eq, lt } from 'drizzle-orm';
import { mpAuthorizers } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { refreshAuthorizerTokens } from './refresh-authorizer-tokens';
import type { ServiceContext } from '../context';

/** Refreshes authorizer tokens that expire within the next 20 minutes, so API calls rarely wait for one. */
export async function refreshExpiringAuthorizerTokens(ctx: ServiceContext) {
  const { db } = ctx;
  const soon = new Date(Date.now() + 20 * 60_000);
  const rows = await db
    .select()
    .from(mpAuthorizers)
    .where(and(eq(mpAuthorizers.status, 'authorized'), lt(mpAuthorizers.accessTokenExpiresAt, soon)));
  let refreshed = 0;
  for (const row of rows) {
    try {
      await refreshAuthorizerTokens({ db, platformId: row.platformId, actor: 'token-refresh' }, { row });
      refreshed++;
    } catch (error) {
      logger.warn(
        { appId: row.appId, provider: row.provider, err: (error as Error).message },
        'authorizer token refresh failed',
      );
    }
  }
  return { refreshed, due: rows.length };
}
