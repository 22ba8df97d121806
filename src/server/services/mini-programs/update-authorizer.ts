import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AUTHORIZER_EXT_MAX_KEYS, type updateAuthorizerBody } from '@/schemas/mini-program-requests';
import { mpAuthorizers } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { toAuthorizerDto } from './authorizer-dto';

/**
 * Sets or removes the authorizer's ext values (what a rollout's `{{ext.<key>}}` reads), as a JSON merge patch: the
 * keys given change, the others stay. Under a row lock, so two patches of different keys both land; more than 50
 * keys after the patch is a 400 and nothing changes. Another platform's app is 404.
 */
export async function updateAuthorizer(
  ctx: PlatformContext,
  { appId, body }: { appId: string; body: z.infer<typeof updateAuthorizerBody> },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mpAuthorizers)
      .where(and(eq(mpAuthorizers.platformId, ctx.platformId), eq(mpAuthorizers.appId, appId)))
      .for('update');
    if (!row) throw notFound('Authorizer');
    const ext = { ...row.ext };
    for (const [key, value] of Object.entries(body.ext)) {
      if (value === null) delete ext[key];
      else ext[key] = value;
    }
    if (Object.keys(ext).length > AUTHORIZER_EXT_MAX_KEYS)
      throw new AppError(
        'invalid_request',
        `An authorizer holds at most ${AUTHORIZER_EXT_MAX_KEYS} ext keys; this change would leave ${Object.keys(ext).length}. Remove some with null.`,
        { errors: [{ pointer: '/ext', code: 'too_many_keys', message: `at most ${AUTHORIZER_EXT_MAX_KEYS} keys` }] },
      );
    const [updated] = await tx
      .update(mpAuthorizers)
      .set({ ext, updatedAt: new Date() })
      .where(
        and(
          eq(mpAuthorizers.platformId, ctx.platformId),
          eq(mpAuthorizers.provider, row.provider),
          eq(mpAuthorizers.appId, appId),
        ),
      )
      .returning();
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'mini_program.authorizer.update',
      // Keys only: the values are the platform's data, not the log's.
      target: { type: 'mini_program_authorizer', id: appId },
      details: { provider: row.provider, extKeys: Object.keys(body.ext) },
    });
    return toAuthorizerDto(updated!);
  });
}
