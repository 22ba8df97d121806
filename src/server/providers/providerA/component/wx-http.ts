import { AppError } from '@/server/errors';
import { mapErrcode } from './wx-errors';

export type WxHttpOptions = {
  /** `https://api.weixin.qq.com`, or the sandbox mount. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  retry?: { attempts?: number; baseDelayMs?: number };
};

export type WxRequest = {
  method: 'GET' | 'POST';
  /** Path below baseUrl: `/cgi-bin/…` or `/wxa/…`. */
  path: string;
  query?: Record<string, string | undefined>;
  /** JSON text (built by the caller, so large ids can be written without float rounding). */
  body?: string;
  tokenKind: 'component' | 'authorizer';
  /**
   * Safe to send twice. Timeouts are retried only then: a timed-out submit_audit or release may have
   * happened upstream, and repeating it would answer with a misleading conflict.
   */
  idempotent: boolean;
  /** get_qrcode answers with image bytes on success and JSON on failure (D.4). */
  acceptImage?: boolean;
};

export type WxJsonResult = { kind: 'json'; body: Record<string, unknown>; text: string };
export type WxImageResult = { kind: 'image'; bytes: Uint8Array; contentType: string };

const USER_AGENT = 'onboarding-service/0.1 (providerA component client; node)';
const MAX_DELAY_MS = 5_000;

type Attempt =
  | { kind: 'timeout' | 'network' }
  | { kind: 'busy'; detail: string }
  | { kind: 'done'; result: WxJsonResult | WxImageResult };

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one WeChat API call. errcode -1 ("system busy"), HTTP 5xx and network failures are retried with
 * jittered exponential backoff, then fail as `upstream_unavailable`; timeouts end as `upstream_timeout`.
 * Any other non-zero errcode is mapped once, here (wx-errors.ts). Tokens travel in the query and are never
 * put into error messages.
 */
export function createWxHttp(options: WxHttpOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = Math.max(1, options.retry?.attempts ?? 3);
  const baseDelayMs = options.retry?.baseDelayMs ?? 200;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function attemptOnce(request: WxRequest, url: URL): Promise<Attempt> {
    const signal = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = {
      Accept: request.acceptImage ? 'image/*, application/json' : 'application/json',
      'User-Agent': USER_AGENT,
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await fetchImpl(url, { method: request.method, headers, body: request.body, signal });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const timedOut = signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
      return { kind: timedOut ? 'timeout' : 'network' };
    }
    if (response.status >= 500) return { kind: 'busy', detail: `HTTP ${response.status}` };
    const contentType = response.headers.get('content-type') ?? '';
    if (request.acceptImage && response.status === 200 && /^image\//i.test(contentType)) {
      return { kind: 'done', result: { kind: 'image', bytes, contentType } };
    }
    const text = Buffer.from(bytes).toString('utf8');
    const body = parseObject(text);
    if (!body) {
      if (response.status !== 200) return { kind: 'busy', detail: `HTTP ${response.status}` };
      throw new AppError('upstream_unavailable', 'providerA answered with a body that is not a JSON object.');
    }
    const errcode = body.errcode === undefined ? 0 : Number(body.errcode);
    if (errcode === -1) return { kind: 'busy', detail: 'errcode -1 system busy' };
    if (errcode !== 0) throw mapErrcode(errcode, body.errmsg, request.tokenKind);
    if (response.status !== 200) return { kind: 'busy', detail: `HTTP ${response.status}` };
    return { kind: 'done', result: { kind: 'json', body, text } };
  }

  async function call(request: WxRequest): Promise<WxJsonResult | WxImageResult> {
    const url = new URL(`${baseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, value);
    let last: Attempt = { kind: 'network' };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      last = await attemptOnce(request, url);
      if (last.kind === 'done') return last.result;
      if (last.kind === 'timeout' && !request.idempotent) break;
      if (attempt < attempts) {
        const delay = Math.min(MAX_DELAY_MS, baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    const where = `${request.method} ${request.path}`;
    if (last.kind === 'timeout')
      return Promise.reject(new AppError('upstream_timeout', `providerA did not answer ${where} in time.`));
    const detail = last.kind === 'busy' ? ` (${last.detail})` : '';
    return Promise.reject(
      new AppError('upstream_unavailable', `providerA could not serve ${where}${detail}; the call can be repeated.`),
    );
  }

  /** A call whose success is JSON. */
  async function json(request: WxRequest): Promise<WxJsonResult> {
    const result = await call(request);
    if (result.kind !== 'json')
      throw new AppError('upstream_unavailable', 'providerA answered with an unexpected content type.');
    return result;
  }

  return { call, json };
}

export type WxHttp = ReturnType<typeof createWxHttp>;
