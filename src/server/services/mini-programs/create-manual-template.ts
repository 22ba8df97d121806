import { z } from 'zod';
import { mpManualTemplates } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { zodIssuesToFieldErrors } from '@/server/zod-errors';
import { newId } from '@/server/ids';
import type { PlatformContext } from '../context';
import { toManualTemplateDto } from './manual-template-dto';
import { createManualTemplateInput } from '@/schemas/mini-program-requests';

/**
 * Adds a manual template. One row per (platform, provider, templateId, userVersion), whatever the seller: the
 * unique key decides under concurrency, and a duplicate is 409 `conflict` with nothing changed.
 */
export async function createManualTemplate(ctx: PlatformContext, input: z.input<typeof createManualTemplateInput>) {
  const result = createManualTemplateInput.safeParse(input);
  if (!result.success)
    throw new AppError('invalid_request', 'The template does not match the expected schema.', {
      errors: zodIssuesToFieldErrors(result.error.issues),
    });
  const parsed = result.data;
  const [row] = await ctx.db
    .insert(mpManualTemplates)
    .values({
      id: newId('mpt'),
      platformId: ctx.platformId,
      provider: parsed.provider,
      tenantId: parsed.tenantId ?? null,
      templateId: parsed.templateId,
      userVersion: parsed.userVersion,
      userDesc: parsed.userDesc,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const message = `Template ${parsed.templateId} version ${parsed.userVersion} is already entered for ${parsed.provider}.`;
    throw new AppError('conflict', message, { errors: [{ pointer: '/userVersion', code: 'duplicate', message }] });
  }
  return toManualTemplateDto(row);
}
