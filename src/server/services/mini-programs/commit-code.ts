import type { z } from 'zod';
import type { commitBody } from '@/schemas/mini-program-requests';
import { mpCommits, type Provider } from '@/server/db/schema';
import { newId } from '@/server/ids';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/** Commits template code to the authorizer (Alipay: a version upload). extJson was validated by the schema. */
export async function commitCode(
  ctx: PlatformContext,
  {
    provider,
    body,
    since,
  }: {
    provider: Provider;
    body: z.infer<typeof commitBody>;
    /** A retry of a commit that may have reached the upstream since then: looked for before it is sent again. */
    since?: Date;
  },
) {
  await withAuthorizerToken(ctx, {
    provider,
    appId: body.authorizerAppId,
    call: (upstream, token) =>
      upstream.commit(token, {
        templateId: body.templateId,
        templateVersion: body.templateVersion,
        extJson: body.extJson,
        userVersion: body.userVersion,
        userDesc: body.userDesc,
        since,
      }),
  });
  const [row] = await ctx.db
    .insert(mpCommits)
    .values({
      id: newId('mpc'),
      platformId: ctx.platformId,
      provider,
      appId: body.authorizerAppId,
      templateId: body.templateId,
      userVersion: body.userVersion,
      userDesc: body.userDesc,
      extJson: body.extJson,
    })
    .returning();
  return {
    object: 'commit' as const,
    id: row!.id,
    authorizerAppId: row!.appId,
    templateId: row!.templateId,
    userVersion: row!.userVersion,
    userDesc: row!.userDesc,
    createdAt: row!.createdAt.toISOString(),
  };
}
