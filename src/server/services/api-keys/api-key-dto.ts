import type { apiKeys } from '@/server/db/schema';

export function toApiKeyDto(row: typeof apiKeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    displayPrefix: row.displayPrefix,
    services: row.services,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
export type ApiKeyDto = ReturnType<typeof toApiKeyDto>;
