// Not a use case: the platform's rollout of a provider or 404 (another platform's rollout is indistinguishable from none).
import { and, eq } from 'drizzle-orm';
import { miniProgramRollouts, type Provider } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';

export async function findRollout(ctx: PlatformContext, { provider, id }: { provider: Provider; id: string }) {
  const [row] = await ctx.db
    .select()
    .from(miniProgramRollouts)
    .where(
      and(
        eq(miniProgramRollouts.id, id),
        eq(miniProgramRollouts.platformId, ctx.platformId),
        eq(miniProgramRollouts.provider, provider),
      ),
    );
  if (!row) throw notFound('Rollout');
  return row;
}
