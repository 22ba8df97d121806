'use client';

import { useEffect } from 'react';
import { api } from '@/trpc/react';
import type { AuditSummary } from './pipeline-state';
import type { Provider } from '@/domain/providers';

export const auditRefreshMs = 5_000;

/**
 * Follows a pending audit: asks auditStatus every few seconds (the server refreshes a pending audit from the
 * upstream on read) and, once it is decided, reloads the history so the pipeline moves on by itself.
 */
export function useAuditFollow(input: {
  platformId: string;
  platform?: Provider;
  appId: string;
  audit?: AuditSummary;
}) {
  const utils = api.useUtils();
  const enabled = Boolean(input.platform && input.audit);
  const status = api.miniPrograms.auditStatus.useQuery(
    {
      platformId: input.platformId,
      platform: input.platform ?? 'providerA',
      authorizerAppId: input.appId,
      auditId: input.audit?.auditId ?? '-',
    },
    { enabled, refetchInterval: enabled ? auditRefreshMs : false, staleTime: 0 },
  );
  const decided = status.data && status.data.status !== 'pending' ? status.data.status : undefined;
  useEffect(() => {
    if (decided) void utils.sellerAuthorization.authorizerAudits.invalidate();
  }, [decided, utils]);
  return status;
}
