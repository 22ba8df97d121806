import { createPrivateKey, type KeyObject } from 'node:crypto';
import { AppError } from '@/server/errors';
import { downloadPlatformCertificates } from './certificate-download';
import { createPlatformKeyRing, type PlatformKeyRing } from './platform-keys';
import { signRequest } from '@/protocols/providerA/pay/sign-request';
import type { ProviderAPayClientConfig, UpstreamErrorBody, UpstreamRequest, UpstreamResult } from './types';
import { ResponseVerificationError, verifyResponseSignature } from './verify-response';

export type PayTransport = {
  send(request: UpstreamRequest): Promise<UpstreamResult>;
  platformKeys: PlatformKeyRing;
};

const USER_AGENT = 'onboarding-service/0.1 (providerA pay client; node)';
const MAX_RETRY_DELAY_MS = 10_000;

type Failure = { kind: 'timeout' | 'network' | 'status'; status?: number; code?: string; retryAfterSeconds?: number };

function parseErrorBody(text: string): UpstreamErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as UpstreamErrorBody) : {};
  } catch {
    return {};
  }
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = Number(headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function finalError(failure: Failure, attempts: number): AppError {
  const tries = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (failure.kind === 'timeout') return new AppError('upstream_timeout', `providerA did not answer in time ${tries}.`);
  if (failure.kind === 'network')
    return new AppError('upstream_unavailable', `providerA could not be reached ${tries}.`);
  if (failure.status === 429) {
    return new AppError(
      'rate_limited',
      `providerA rate-limited the request (${failure.code ?? 'HTTP 429'}) ${tries}.`,
      {
        retryAfterSeconds: failure.retryAfterSeconds ?? 60,
      },
    );
  }
  return new AppError(
    'upstream_unavailable',
    `providerA failed (HTTP ${failure.status} ${failure.code ?? ''}) ${tries}.`.replace(' )', ')'),
  );
}

/**
 * Sends signed requests to WeChat Pay. 5xx, 429, network errors and timeouts are retried with exponential
 * backoff, re-signing the SAME body each time (fresh timestamp and nonce), so a retried submit carries the
 * same business_code and ciphertexts. Every 2xx must carry a valid platform signature over its raw bytes;
 * otherwise ResponseVerificationError (502) and the body is never parsed. Other 4xx are returned for the
 * caller to map: their meaning depends on the operation.
 */
export function createPayTransport(config: ProviderAPayClientConfig): PayTransport {
  const fetchImpl = config.fetch ?? fetch;
  const privateKey: KeyObject = createPrivateKey(config.merchantPrivateKeyPem);
  const timeoutMs = config.timeoutMs ?? 10_000;
  const attempts = Math.max(1, config.retry?.attempts ?? 3);
  const baseDelayMs = config.retry?.baseDelayMs ?? 250;
  const now = config.now ?? (() => new Date());
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const platform = config.platform;
  // The download goes through send() below; the key ring calls it only when a serial is unknown.
  const platformKeys: PlatformKeyRing = createPlatformKeyRing(
    platform,
    () => {
      if (platform.mode !== 'downloadedCertificates') throw new Error('providerA: no APIv3 key to download with');
      return downloadPlatformCertificates({ send, apiV3Key: platform.apiV3Key, publicKey: platform.publicKey, now });
    },
    now,
  );

  const backoff = (attempt: number, failure: Failure) => {
    const exponential = baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
    return Math.min(MAX_RETRY_DELAY_MS, Math.max(exponential, (failure.retryAfterSeconds ?? 0) * 1000));
  };

  async function attemptOnce(
    request: UpstreamRequest,
    url: URL,
  ): Promise<{ status: number; headers: Headers; bytes: Uint8Array } | Failure> {
    const signal = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = {
      Authorization: signRequest({
        method: request.method,
        url,
        signBody: request.signBody,
        mchId: config.mchId,
        serialNo: config.merchantSerialNo,
        privateKey,
        now,
      }),
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
    };
    // Required on bodies with encrypted fields (A.4); with fixed keys sent always, as the Go SDK does. Downloaded
    // certificates are not fetched just for this header (the download itself is a request).
    const serial =
      request.encryptionSerial ??
      (platform.mode === 'downloadedCertificates' ? undefined : (await platformKeys.encryption()).serial);
    if (serial) headers['Wechatpay-Serial'] = serial;
    if (request.contentType) headers['Content-Type'] = request.contentType;
    try {
      const response = await fetchImpl(url, { method: request.method, headers, body: request.body, signal });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, bytes };
    } catch (error) {
      const timedOut = signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
      return { kind: timedOut ? 'timeout' : 'network' };
    }
  }

  async function send(request: UpstreamRequest): Promise<UpstreamResult> {
    const url = new URL(`${baseUrl}${request.path}`);
    let failure: Failure = { kind: 'network' };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const outcome = await attemptOnce(request, url);
      if ('kind' in outcome) {
        failure = outcome;
      } else if (outcome.status >= 200 && outcome.status < 300) {
        if (request.verify) await request.verify(outcome.headers, outcome.bytes);
        else
          await verifyResponseSignature({
            headers: outcome.headers,
            body: outcome.bytes,
            keys: platformKeys,
            now: now(),
          });
        return {
          ok: true,
          status: outcome.status,
          bodyText: Buffer.from(outcome.bytes).toString('utf8'),
          attempts: attempt,
        };
      } else {
        const text = Buffer.from(outcome.bytes).toString('utf8');
        const error = parseErrorBody(text);
        if (outcome.status !== 429 && outcome.status < 500) {
          if (!request.verifyErrors) return { ok: false, status: outcome.status, error, attempts: attempt };
          const verification = await verifyResponseSignature({
            headers: outcome.headers,
            body: outcome.bytes,
            keys: platformKeys,
            now: now(),
          }).then(
            () => 'verified' as const,
            (reason: unknown) => (reason instanceof ResponseVerificationError ? reason.reason : String(reason)),
          );
          return { ok: false, status: outcome.status, error, attempts: attempt, verification };
        }
        failure = {
          kind: 'status',
          status: outcome.status,
          code: error.code,
          retryAfterSeconds: retryAfterSeconds(outcome.headers),
        };
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, backoff(attempt, failure)));
    }
    throw finalError(failure, attempts);
  }

  return { send, platformKeys };
}

/** A verified 2xx body as a JSON object; anything else is an upstream fault, not our caller's. */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError('upstream_unavailable', 'providerA answered with a body that is not a JSON object.');
}
