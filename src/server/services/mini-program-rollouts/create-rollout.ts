import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createRolloutBody } from '@/schemas/mini-program-rollouts';
import { jobSignals } from '@/server/db/job-signals';
import { miniProgramRolloutItems, miniProgramRollouts, platforms, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { listTemplates } from '../mini-programs/list-templates';
import { renderForTargets, unknownPlaceholders } from './render-ext-json';
import { resolveRolloutTargets } from './rollout-targets';
import { rolloutDto } from './rollout-dto';
import { kickRollout } from './rollout-queue';

/**
 * Starts a rollout. Everything is checked before anything is sent upstream: the targets resolve to the platform's
 * authorizers (404 for unknown app ids, another platform's included), the template exists (404), the ext JSON renders for each of them (422 naming
 * those that do not), and none is in another running or paused rollout (409 naming it).
 */
export async function createRollout(
  ctx: PlatformContext,
  { provider, body }: { provider: Provider; body: z.infer<typeof createRolloutBody> },
) {
  const gray = body.policy.grayPercentage;
  if (gray !== undefined && provider !== 'providerA')
    throw new AppError('invalid_request', `policy.grayPercentage is WeChat's phased release; ${provider} has none.`, {
      errors: [{ pointer: '/policy/grayPercentage', code: 'unsupported', message: `not available on ${provider}` }],
    });
  if (gray !== undefined && body.policy.release !== 'auto')
    throw new AppError('invalid_request', 'policy.grayPercentage shapes the release step: it needs release "auto".', {
      errors: [{ pointer: '/policy/grayPercentage', code: 'invalid', message: 'needs policy.release "auto"' }],
    });
  const unknown = unknownPlaceholders(body.extJson);
  if (unknown.length)
    throw new AppError('invalid_request', `extJson names unknown placeholders: ${unknown.join(', ')}.`, {
      errors: [{ pointer: '/extJson', code: 'invalid', message: 'Use {{appId}}, {{sellerId}} or {{ext.<key>}}.' }],
    });
  const { targets, missing } = await resolveRolloutTargets(ctx, { provider, targets: body.targets });
  if (missing.length)
    throw new AppError('not_found', `No ${provider} authorizer of this platform has app id ${missing.join(', ')}.`);
  if (targets.length === 0) throw new AppError('not_found', 'The targets match no authorizer of this platform.');

  const { templates } = await listTemplates(ctx, { platform: provider });
  if (!templates.some((t) => t.templateId === body.templateId))
    throw new AppError('not_found', `Template "${body.templateId}" was not found for ${provider}.`);

  const rendered = renderForTargets(body.extJson, targets, body.authorizerExt);
  const invalid = rendered.filter((r) => !r.result.ok);
  if (invalid.length)
    throw new AppError(
      'ext_json_invalid',
      `extJson does not render to valid ext JSON for ${invalid.length} authorizer(s): ${invalid.map((r) => r.appId).join(', ')}.`,
      {
        errors: invalid.map((r) => ({
          pointer: '/extJson',
          code: 'invalid_for_authorizer',
          message: `${r.appId}: ${r.result.ok ? '' : r.result.error}`,
        })),
      },
    );

  const rollout = await ctx.db.transaction(async (tx) => {
    // The platform's row is locked so two creates on the same authorizers cannot both pass the overlap check.
    await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, ctx.platformId)).for('update');
    const busy = await tx
      .select({ rolloutId: miniProgramRolloutItems.rolloutId, appId: miniProgramRolloutItems.appId })
      .from(miniProgramRolloutItems)
      .innerJoin(miniProgramRollouts, eq(miniProgramRollouts.id, miniProgramRolloutItems.rolloutId))
      .where(
        and(
          eq(miniProgramRollouts.platformId, ctx.platformId),
          eq(miniProgramRollouts.provider, provider),
          inArray(miniProgramRollouts.state, ['running', 'paused']),
          inArray(
            miniProgramRolloutItems.appId,
            targets.map((t) => t.appId),
          ),
        ),
      )
      .limit(20);
    if (busy.length)
      throw new AppError(
        'conflict',
        `Rollout ${busy[0]!.rolloutId} is still running on ${busy.map((b) => b.appId).join(', ')}; wait for it, or cancel it.`,
      );
    const id = newId('ro');
    const [row] = await tx
      .insert(miniProgramRollouts)
      .values({
        id,
        platformId: ctx.platformId,
        provider,
        templateId: body.templateId,
        templateVersion: body.templateVersion ?? null,
        userVersion: body.userVersion,
        userDesc: body.userDesc,
        extJson: body.extJson,
        authorizerExt: body.authorizerExt,
        itemList: body.itemList,
        mode: body.policy.mode,
        release: body.policy.release,
        concurrency: body.policy.concurrency,
        grayPercentage: gray ?? null,
        total: targets.length,
        createdBy: ctx.actor,
      })
      .returning();
    for (let i = 0; i < rendered.length; i += 500) {
      await tx.insert(miniProgramRolloutItems).values(
        rendered.slice(i, i + 500).map((r) => ({
          id: newId('roi'),
          rolloutId: id,
          appId: r.appId,
          extJson: r.result.ok ? r.result.extJson : '',
        })),
      );
    }
    await kickRollout(tx, id);
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'mini_program.rollout.create',
      target: { type: 'mini_program_rollout', id },
      details: { provider, templateId: body.templateId, userVersion: body.userVersion, total: targets.length },
    });
    return row!;
  });
  jobSignals.outboxWritten();
  return rolloutDto(rollout);
}
