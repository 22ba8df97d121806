import { AppError } from '@/server/errors';
import type { WxHttp } from './wx-http';

export type CachedToken = { token: string; expiresAt: Date };

export type ComponentTokenCache = {
  get(): Promise<CachedToken | null>;
  set(value: CachedToken): Promise<void>;
};

export type ComponentTokenOptions = {
  http: WxHttp;
  componentAppId: string;
  componentAppSecret: string;
  /** The latest component_verify_ticket the app stored from the ticket push (C.3). */
  getVerifyTicket: () => Promise<string | null | undefined>;
  tokenCache: ComponentTokenCache;
  /** Serializes refreshes across processes (e.g. a DB advisory lock); default: in-process only. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Refresh this long before the upstream expiry; default 600 s (docs suggest refreshing at ~1 h 50 min). */
  refreshMarginSeconds?: number;
  now: () => Date;
};

/**
 * component_access_token (C.4) behind the app's cache. A token is used until `refreshMargin` before its
 * expiry; concurrent callers in one process share one refresh, and the app's lock covers other processes
 * (the cache is re-read inside it, so a token another process just fetched is reused).
 */
export function createComponentTokenSource(options: ComponentTokenOptions) {
  const marginMs = (options.refreshMarginSeconds ?? 600) * 1000;
  const lock = options.lock ?? (<T>(fn: () => Promise<T>) => fn());
  let inflight: Promise<string> | undefined;

  const usable = (cached: CachedToken | null, invalidToken?: string): cached is CachedToken =>
    cached !== null && cached.token !== invalidToken && cached.expiresAt.getTime() - marginMs > options.now().getTime();

  async function fetchToken(): Promise<CachedToken> {
    const ticket = await options.getVerifyTicket();
    if (!ticket)
      throw new AppError(
        'upstream_unavailable',
        'No component_verify_ticket has been received from providerA yet; wait for the next ticket push.',
      );
    const { body } = await options.http.json({
      method: 'POST',
      path: '/cgi-bin/component/api_component_token',
      body: JSON.stringify({
        component_appid: options.componentAppId,
        component_appsecret: options.componentAppSecret,
        component_verify_ticket: ticket,
      }),
      tokenKind: 'component',
      idempotent: true,
    });
    const token = body.component_access_token;
    const expiresIn = Number(body.expires_in);
    if (typeof token !== 'string' || token === '' || !Number.isFinite(expiresIn)) {
      throw new AppError('upstream_unavailable', 'providerA answered api_component_token without a token.');
    }
    return { token, expiresAt: new Date(options.now().getTime() + expiresIn * 1000) };
  }

  /**
   * A usable token. `invalidToken`: the token the upstream just refused — fetch a new one unless the cache
   * already holds a different, fresh one.
   */
  async function componentAccessToken(opts: { invalidToken?: string } = {}): Promise<string> {
    const cached = await options.tokenCache.get();
    if (usable(cached, opts.invalidToken)) return cached.token;
    inflight ??= lock(async () => {
      const again = await options.tokenCache.get();
      if (usable(again, opts.invalidToken)) return again.token;
      const fresh = await fetchToken();
      await options.tokenCache.set(fresh);
      return fresh.token;
    }).finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return { componentAccessToken };
}
