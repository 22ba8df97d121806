import { logger } from '@/server/logger';
import { observeUpstreamCall, upstreamApiLabel } from '@/server/metrics/registry';

/**
 * fetch for the upstream clients with one debug line per call: provider, method, host, path, status and
 * duration. Never the query (WeChat passes access tokens there, Alipay its app_auth_token and signature),
 * never headers (signatures, serial numbers) and never bodies (encrypted or plain personal data, tokens).
 * A sandbox namespace in the path is blanked: it is what keeps one platform's test mode from another's.
 * Each call also counts in upstream_calls_total / upstream_call_duration_seconds (docs/operations.md "Metrics").
 */
export function loggedUpstreamFetch(provider: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const call = { provider, method, host: url.host, path: url.pathname.replace(/\/t\/[0-9A-Za-z]{22}\//, '/t/…/') };
    // Alipay names the API in the query (`method`), not secret; WeChat in the path.
    const alipayMethod = url.searchParams.get('method');
    const api = upstreamApiLabel(
      method,
      call.path.replace(/^.*\/t\/…\//, '/') + (alipayMethod ? ` ${alipayMethod}` : ''),
    );
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      const ms = performance.now() - started;
      logger.debug({ ...call, status: response.status, ms: Math.round(ms) }, 'upstream call');
      const outcome = response.status >= 500 ? 'unavailable' : response.status >= 400 ? 'rejected' : 'ok';
      observeUpstreamCall(provider, api, outcome, ms / 1000);
      return response;
    } catch (error) {
      const ms = performance.now() - started;
      logger.debug({ ...call, failure: (error as Error).name, ms: Math.round(ms) }, 'upstream call failed');
      observeUpstreamCall(
        provider,
        api,
        ['AbortError', 'TimeoutError'].includes((error as Error).name) ? 'timeout' : 'unavailable',
        ms / 1000,
      );
      throw error;
    }
  };
}
