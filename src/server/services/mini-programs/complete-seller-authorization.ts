import { eq } from 'drizzle-orm';
import { authorizeCallbackQuery } from '@/schemas/mini-program-requests';
import type { ServiceContext } from '../context';
import { mpAuthorizations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { hashState } from './authorization-state';
import { completeAuthorization } from './complete-authorization';
import { findSellerAuthorization } from './find-seller-authorization';
import type { Provider } from '@/domain/providers';

export type SellerCompletion =
  | { status: 'done'; platformName: string; provider: Provider; appId: string; nickname?: string }
  | {
      status: 'failed';
      reason: 'invalid' | 'expired' | 'used' | 'upstream';
      platformName?: string;
      provider?: Provider;
    };

/**
 * The console's own redirect target (/authorize/done): the upstream sends the seller back with the state and
 * the authorization code. The state names the platform, so no API key is involved; the binding itself is the
 * same single-use completeAuthorization the REST callback runs. Remembering the app id on the authorization
 * makes a reload of the done page (or of the seller page) say "done" instead of "already used".
 */
export async function completeSellerAuthorization(
  ctx: ServiceContext,
  query: Record<string, string | undefined>,
): Promise<SellerCompletion> {
  const { db } = ctx;
  const parsed = authorizeCallbackQuery.safeParse(query);
  if (!parsed.success) return { status: 'failed', reason: 'invalid' };
  const stateHash = hashState(parsed.data.state);
  const row = await findSellerAuthorization(ctx, { stateHash });
  if (!row) return { status: 'failed', reason: 'invalid' };
  const { provider } = row;
  const about = { platformName: row.platformName, provider };
  if (row.authorization.usedAt && row.authorization.authorizerAppId)
    return { status: 'done', ...about, appId: row.authorization.authorizerAppId };
  try {
    const authorizer = await completeAuthorization(
      { db, platformId: row.authorization.platformId, actor: 'seller' },
      { provider, ...parsed.data },
    );
    await db
      .update(mpAuthorizations)
      .set({ authorizerAppId: authorizer.appId })
      .where(eq(mpAuthorizations.stateHash, stateHash));
    return {
      status: 'done',
      ...about,
      appId: authorizer.appId,
      ...(authorizer.nickname ? { nickname: authorizer.nickname } : {}),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'state_already_used')
      return { status: 'failed', reason: 'used', ...about };
    if (error instanceof AppError && error.code === 'invalid_state') {
      return {
        status: 'failed',
        reason: row.authorization.expiresAt.getTime() <= Date.now() ? 'expired' : 'invalid',
        ...about,
      };
    }
    // The state was released by completeAuthorization, so the seller can press Authorize again.
    logger.warn(
      { code: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown', provider },
      'seller authorization could not be completed',
    );
    return { status: 'failed', reason: 'upstream', ...about };
  }
}
