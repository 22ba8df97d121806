import { AppError } from '@/server/errors';
import { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { buildSignContent, rsa2Sign } from '@/protocols/providerB/gateway/signature';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import {
  ProviderBResponseVerificationError,
  verifyGatewayResponse,
} from '@/protocols/providerB/gateway/response-envelope';
import { ProviderBGatewayError, classifyGatewayFailure, gatewayErrorToAppError } from './gateway-errors';
import { RetryableFailure, withRetry, type RetryOptions } from './retry';
import { verifyNotificationSignature, type NotificationSignTypeRule } from '@/protocols/providerB/gateway/notification';

export interface ProviderBGatewayOptions {
  /** Legacy gateway URL, e.g. `https://openapi.alipay.com/gateway.do` or the sandbox's `/sandbox/providerB/gateway.do`. */
  baseUrl: string;
  /** The ISV's own (third-party) application id. */
  appId: string;
  appPrivateKeyPem: string;
  /** Alipay public key (SPKI, PEM or bare Base64) or, in certificate mode, `alipayCertPublicKey_RSA2.crt`. */
  alipayPublicKeyPem: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Certificate mode only (A.8): both are sent and signed as public parameters. */
  appCertSn?: string;
  alipayRootCertSn?: string;
  now?: () => Date;
}

export interface GatewayCallOptions {
  appAuthToken?: string;
  notifyUrl?: string;
  /** Maps an upstream field named in an error to our field name, for `/formData/<field>` pointers. */
  fieldPointer?: (upstreamField: string) => string | undefined;
}

export interface GatewayFile {
  field: string;
  bytes: Uint8Array;
  filename: string;
  mimeType: string;
}

export type GatewayPayload = Record<string, unknown>;

export interface ProviderBGateway {
  readonly appId: string;
  /** Form-encoded call with `biz_content`; resolves with the verified `<method>_response` object (code 10000). */
  call(method: string, bizContent?: Record<string, unknown>, options?: GatewayCallOptions): Promise<GatewayPayload>;
  /** Multipart call: business parameters are signed top-level text fields, files are unsigned parts (A.2). */
  upload(
    method: string,
    request: { fields: Record<string, string | undefined>; files: GatewayFile[] },
    options?: GatewayCallOptions,
  ): Promise<GatewayPayload>;
  verifyNotification(params: Record<string, string>, rule?: NotificationSignTypeRule): boolean;
}

// Public parameters travel in the query string like the official SDKs send them; the rest goes in the body.
const QUERY_PARAMS = [
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'app_auth_token',
  'app_cert_sn',
  'alipay_root_cert_sn',
];

type Body = { body: BodyInit; contentType?: string; signed: Record<string, string | undefined> };

export function createProviderBGateway(options: ProviderBGatewayOptions): ProviderBGateway {
  const privateKey = loadPrivateKey(options.appPrivateKeyPem);
  const alipayKey = loadPublicKey(options.alipayPublicKeyPem);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());

  function signedUrl(
    method: string,
    callOptions: GatewayCallOptions,
    extra: Record<string, string | undefined>,
  ): string {
    const params: Record<string, string | undefined> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatGatewayTimestamp(now()),
      version: '1.0',
      app_auth_token: callOptions.appAuthToken,
      notify_url: callOptions.notifyUrl,
      app_cert_sn: options.appCertSn,
      alipay_root_cert_sn: options.alipayRootCertSn,
    };
    params.sign = rsa2Sign(buildSignContent({ ...params, ...extra }), privateKey);
    const query = QUERY_PARAMS.filter((k) => params[k])
      .map((k) => `${k}=${encodeURIComponent(params[k]!)}`)
      .join('&');
    return `${options.baseUrl}${options.baseUrl.includes('?') ? '&' : '?'}${query}`;
  }

  async function attempt(
    method: string,
    makeBody: () => Body,
    callOptions: GatewayCallOptions,
  ): Promise<GatewayPayload> {
    const { body, contentType, signed } = makeBody();
    const url = signedUrl(method, callOptions, signed);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        body,
        headers: contentType ? { 'content-type': contentType } : {},
        signal: controller.signal,
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted)
        throw new AppError('upstream_timeout', `providerB ${method} timed out after ${timeoutMs} ms.`, {
          cause: error,
        });
      throw new RetryableFailure(
        new AppError('upstream_unavailable', `providerB gateway unreachable for ${method}.`, { cause: error }),
      );
    } finally {
      clearTimeout(timer);
    }
    if (status === 429) {
      throw new AppError('rate_limited', `providerB throttled ${method}.`, {
        retryAfterSeconds: Number(retryAfter) || 1,
      });
    }
    if (status >= 500)
      throw new RetryableFailure(
        new AppError('upstream_unavailable', `providerB gateway answered HTTP ${status} for ${method}.`),
      );
    if (status < 200 || status >= 300)
      throw new AppError('upstream_unavailable', `providerB gateway answered HTTP ${status} for ${method}.`);

    let payload: GatewayPayload;
    try {
      payload = verifyGatewayResponse(text, method, alipayKey).payload;
    } catch (error) {
      if (error instanceof ProviderBResponseVerificationError) {
        throw new AppError(
          'upstream_unavailable',
          `providerB response to ${method} failed verification: ${error.message}.`,
          { cause: error },
        );
      }
      throw error;
    }
    if (payload.code === '10000') return payload;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const failure = new ProviderBGatewayError(
      method,
      String(payload.code ?? ''),
      str(payload.msg) ?? '',
      str(payload.sub_code),
      str(payload.sub_msg),
    );
    const appError = gatewayErrorToAppError(failure, callOptions.fieldPointer);
    throw classifyGatewayFailure(failure.code, failure.subCode) === 'retryable'
      ? new RetryableFailure(appError)
      : appError;
  }

  return {
    appId: options.appId,
    call(method, bizContent, callOptions = {}) {
      return withRetry(
        () =>
          attempt(
            method,
            () => {
              const biz = bizContent === undefined ? undefined : JSON.stringify(bizContent);
              const body = biz === undefined ? '' : `biz_content=${encodeURIComponent(biz)}`;
              return {
                body,
                contentType: 'application/x-www-form-urlencoded;charset=utf-8',
                signed: { biz_content: biz },
              };
            },
            callOptions,
          ),
        options.retry,
      );
    },
    upload(method, request, callOptions = {}) {
      return withRetry(
        () =>
          attempt(
            method,
            () => {
              const form = new FormData();
              for (const [key, value] of Object.entries(request.fields)) if (value) form.append(key, value);
              for (const file of request.files)
                form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.filename);
              // fetch writes the multipart boundary itself, so no content-type header here.
              return { body: form, signed: request.fields };
            },
            callOptions,
          ),
        options.retry,
      );
    },
    verifyNotification(params, rule) {
      return verifyNotificationSignature(params, alipayKey, rule);
    },
  };
}
