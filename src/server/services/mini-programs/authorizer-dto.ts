import type { mpAuthorizers } from '@/server/db/schema';

/** docs/product/decisions.md §5 authorizer fields; tokens never leave the server. */
export function toAuthorizerDto(row: typeof mpAuthorizers.$inferSelect) {
  return {
    object: 'authorizer' as const,
    appId: row.appId,
    platform: row.provider,
    tenantId: row.tenantId ?? undefined,
    nickname: row.nickname ?? undefined,
    principalName: row.principalName ?? undefined,
    headImg: row.headImg ?? undefined,
    permissions: row.permissions,
    status: row.status,
    ext: row.ext,
    authorizedAt: row.authorizedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type AuthorizerDto = ReturnType<typeof toAuthorizerDto>;
