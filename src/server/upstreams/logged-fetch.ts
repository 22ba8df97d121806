import { logger } from '@/server/logger';

/**
 * fetch for the upstream clients with one debug line per call: provider, method, host, path, status and
 * duration. Never the query (WeChat passes access tokens there, Alipay its app_auth_token and signature),
 * never headers (signatures, serial numbers) and never bodies (encrypted or plain personal data, tokens).
 * A sandbox namespace in the path is blanked: it is what keeps one platform's test mode from another's.
 */
export function loggedUpstreamFetch(provider: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const call = { provider, method, host: url.host, path: url.pathname.replace(/\/t\/[0-9A-Za-z]{22}\//, '/t/…/') };
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      logger.debug({ ...call, status: response.status, ms: Math.round(performance.now() - started) }, 'upstream call');
      return response;
    } catch (error) {
      logger.debug(
        { ...call, failure: (error as Error).name, ms: Math.round(performance.now() - started) },
        'upstream call failed',
      );
      throw error;
    }
  };
}
