import type { Provider } from '@/server/db/schema';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/**
 * Rolls the live version back to the previous release upstream (docs/product/decisions.md §5); once the upstream
 * accepted it, the platform's audit log keeps who rolled back and why.
 */
export async function rollbackRelease(
  ctx: PlatformContext,
  { provider, appId, reason }: { provider: Provider; appId: string; reason?: string | undefined },
) {
  const result = await withAuthorizerToken(ctx, {
    provider,
    appId,
    call: async (upstream, token) => {
      await upstream.rollback(token);
      return { rolledBack: true };
    },
  });
  await recordAudit(ctx.db, {
    platformId: ctx.platformId,
    actor: ctx.actor,
    action: 'mini_program.rollback',
    target: { type: 'mini_program', id: appId },
    details: { provider },
    reason,
  });
  return result;
}
