import { and, eq } from 'drizzle-orm';
import { mpManualTemplates } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { toManualTemplateDto } from './manual-template-dto';

/** Removes one manual template; another platform's id is 404, like one that never existed. Returns what was removed. */
export async function deleteManualTemplate(ctx: PlatformContext, { id }: { id: string }) {
  const [row] = await ctx.db
    .delete(mpManualTemplates)
    .where(and(eq(mpManualTemplates.id, id), eq(mpManualTemplates.platformId, ctx.platformId)))
    .returning();
  if (!row) throw notFound('Manual template');
  return toManualTemplateDto(row);
}
