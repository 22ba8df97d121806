import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { mpManualTemplates, type Provider } from '@/server/db/schema';
import { miniProgramProvider } from '@/server/upstreams/mini-programs';
import type { PlatformContext } from '../context';
import { getPlatform } from '../platforms/get-platform';

/**
 * `{ mode, templates }`: upstream mode lists the templates added at the upstream third-party platform; manual
 * mode lists the ones an admin entered, those for the given seller (tenant_id) and those for every seller.
 */
export async function listTemplates(ctx: PlatformContext, query: { platform: Provider; tenant_id?: string }) {
  const config = (await getPlatform(ctx)).config;
  const mode = (config[`miniprogram.template_mode.${query.platform}`] ??
    config['miniprogram.template_mode'] ??
    'upstream') as 'upstream' | 'manual';
  if (mode === 'upstream')
    return { mode, templates: await (await miniProgramProvider(query.platform, ctx.platformId)).listTemplates() };
  const rows = await ctx.db
    .select()
    .from(mpManualTemplates)
    .where(
      and(
        eq(mpManualTemplates.platformId, ctx.platformId),
        eq(mpManualTemplates.provider, query.platform),
        query.tenant_id
          ? or(eq(mpManualTemplates.tenantId, query.tenant_id), isNull(mpManualTemplates.tenantId))
          : undefined,
      ),
    )
    .orderBy(asc(mpManualTemplates.createdAt));
  return {
    mode,
    templates: rows.map((r) => ({
      templateId: r.templateId,
      userVersion: r.userVersion,
      userDesc: r.userDesc,
      createdAt: r.createdAt.toISOString(),
      tenantId: r.tenantId ?? undefined,
    })),
  };
}
