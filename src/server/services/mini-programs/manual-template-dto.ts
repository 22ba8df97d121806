import type { ManualTemplateDto } from '@/schemas/mini-program-responses';
import type { mpManualTemplates, Provider } from '@/server/db/schema';

/** A manual template as the console sees it (docs/product/decisions.md §5 template element, plus its id and seller). */
export function toManualTemplateDto(row: typeof mpManualTemplates.$inferSelect): ManualTemplateDto {
  return {
    object: 'manual_template',
    id: row.id,
    platform: row.provider as Provider,
    ...(row.tenantId ? { tenantId: row.tenantId } : {}),
    templateId: row.templateId,
    userVersion: row.userVersion,
    userDesc: row.userDesc,
    createdAt: row.createdAt.toISOString(),
  };
}
