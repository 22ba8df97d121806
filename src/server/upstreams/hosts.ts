/**
 * Where a platform's provider adapters send their calls, decided here only. Live mode: the real hosts, one
 * service-provider identity for the whole instance whatever the platform. Sandbox mode: the platform's own
 * namespace of the built-in sandbox (src/server/config/sandbox-namespace.ts), so each platform's test mode sees only its own
 * applications, authorizations, audits and faults. Adapters are cached per (provider, scope), with a bound.
 */
import { getEnv } from '@/env';
import { publicBaseUrl } from '@/server/config/secrets';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';

export type UpstreamHosts = {
  mode: 'sandbox' | 'live';
  providerAPay: string;
  providerAOpen: string;
  providerBGateway: string;
  /** Sandbox only: the seller authorization pages (live links are the providers' own pages). */
  providerAAuthorizePages?: { pc: string; mobile: string };
  providerBAuthorizePage?: string;
};

/** The providers' hosts; each may be replaced (a forward proxy, a provider's test host, the sandbox of another installation). */
function liveHosts(): UpstreamHosts {
  const env = getEnv();
  return {
    mode: 'live',
    providerAPay: env.PROVIDER_A_PAY_BASE_URL ?? 'https://api.mch.weixin.qq.com',
    providerAOpen: env.PROVIDER_A_OPEN_BASE_URL ?? 'https://api.weixin.qq.com',
    providerBGateway: env.PROVIDER_B_GATEWAY_URL ?? 'https://openapi.alipay.com/gateway.do',
  };
}

export function sandboxBaseUrl() {
  const env = getEnv();
  return (env.SANDBOX_BASE_URL ?? `http://127.0.0.1:${env.PORT}/sandbox`).replace(/\/$/, '');
}

export function upstreamHosts(platformId: string): UpstreamHosts {
  if (getEnv().UPSTREAM_MODE === 'live') return liveHosts();
  const namespace = sandboxNamespace(platformId);
  const api = `${sandboxBaseUrl()}/t/${namespace}`;
  const pages = `${publicBaseUrl()}/sandbox/t/${namespace}`;
  return {
    mode: 'sandbox',
    providerAPay: `${api}/providerA/pay`,
    providerAOpen: `${api}/providerA/open`,
    providerBGateway: `${api}/providerB/gateway.do`,
    providerAAuthorizePages: { pc: `${pages}/providerA/authorize/pc`, mobile: `${pages}/providerA/authorize/mobile` },
    providerBAuthorizePage: `${pages}/providerB/authorize`,
  };
}

/**
 * Adapters keyed by provider and scope: the platform in sandbox mode, one scope in live mode. At most `limit`
 * are kept; the least recently used one is dropped and simply built again when its platform calls next.
 */
export function adapterCache<T>(limit = 256) {
  const entries = new Map<string, T>();
  return {
    get(provider: string, platformId: string, build: (hosts: UpstreamHosts) => T): T {
      const key = `${provider}:${getEnv().UPSTREAM_MODE === 'live' ? '' : platformId}`;
      let adapter = entries.get(key);
      if (adapter) {
        entries.delete(key); // re-inserted below: Map order is the recency order
      } else {
        adapter = build(upstreamHosts(platformId));
        if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      }
      entries.set(key, adapter);
      return adapter;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
