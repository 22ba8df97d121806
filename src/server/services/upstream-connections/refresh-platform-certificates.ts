import { getEnv } from '@/env';
import { logger } from '@/server/logger';
import { upstreamHosts } from '@/server/upstreams/hosts';
import { configuredProviderAPayClient } from '@/server/upstreams/onboarding';
import { storedCertificateScopes } from '@/server/upstreams/platform-certificate-store';
import type { ServiceContext } from '../context';

/**
 * The scheduled download of WeChat Pay's platform certificates (PROVIDER_A_PAY_VERIFY_MODE platform_certificate
 * or both), so a rotation announced ahead is known before the first answer signed with it. Live mode: the
 * instance's list. Sandbox mode: each platform that has downloaded one. Returns how many lists were refreshed.
 */
export async function refreshPlatformCertificates(
  _ctx: ServiceContext,
): Promise<{ refreshed: number; failed: number }> {
  const env = getEnv();
  if (env.PROVIDER_A_PAY_VERIFY_MODE === 'public_key') return { refreshed: 0, failed: 0 };
  const scopes = env.UPSTREAM_MODE === 'live' ? [''] : (await storedCertificateScopes()).filter((s) => s !== undefined);
  let refreshed = 0;
  let failed = 0;
  for (const scope of scopes) {
    try {
      const client = await configuredProviderAPayClient(upstreamHosts(scope), scope);
      await client.refreshPlatformCertificates();
      refreshed++;
    } catch (error) {
      failed++;
      // The stored list keeps verifying until it expires; an unknown serial still fetches on demand.
      logger.warn({ err: (error as Error).message }, 'WeChat Pay platform certificates could not be refreshed');
    }
  }
  return { refreshed, failed };
}
