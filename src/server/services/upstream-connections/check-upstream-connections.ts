import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { runConnectionChecks, type ConnectionReport } from '@/server/upstreams/connection-checks';
import type { ServiceContext } from '../context';
import { getPlatform } from '../platforms/get-platform';

export type { ConnectionCheck, ConnectionReport } from '@/server/upstreams/connection-checks';

/**
 * Doctor: one harmless signed call per configured upstream and a verdict per upstream (src/server/upstreams/
 * connection-checks.ts). Live mode checks the instance's own credentials; sandbox mode checks the sandbox
 * namespace of `platformId` (each platform's test mode is an upstream merchant of its own), so it is required there.
 */
export async function checkUpstreamConnections(
  ctx: ServiceContext,
  input: { platformId?: string },
): Promise<ConnectionReport> {
  if (getEnv().UPSTREAM_MODE === 'live') return runConnectionChecks('');
  if (!input.platformId)
    throw new AppError(
      'invalid_request',
      'In sandbox mode doctor checks one platform’s sandbox: name it with --platform <platformId>.',
    );
  await getPlatform({ ...ctx, platformId: input.platformId });
  return runConnectionChecks(input.platformId);
}
