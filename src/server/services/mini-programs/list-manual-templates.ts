import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { mpManualTemplates } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { toManualTemplateDto } from './manual-template-dto';
import { listManualTemplatesInput } from '@/schemas/mini-program-requests';

/** Every manual template of the platform (all sellers), optionally of one provider; oldest first, as entered. */
export async function listManualTemplates(ctx: PlatformContext, input: z.infer<typeof listManualTemplatesInput> = {}) {
  const { provider } = input;
  const rows = await ctx.db
    .select()
    .from(mpManualTemplates)
    .where(
      and(
        eq(mpManualTemplates.platformId, ctx.platformId),
        provider ? eq(mpManualTemplates.provider, provider) : undefined,
      ),
    )
    .orderBy(asc(mpManualTemplates.provider), asc(mpManualTemplates.createdAt), asc(mpManualTemplates.id));
  return { object: 'list' as const, data: rows.map(toManualTemplateDto) };
}
