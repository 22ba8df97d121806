import type { KeyObject } from 'node:crypto';
import { AppError } from '@/server/errors';
import { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { certSn, pemCertificates, rootCertSn } from '@/protocols/providerB/gateway/cert-sn';
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
  /**
   * Public-key mode: the Alipay public key (SPKI, PEM or bare Base64). In certificate mode it verifies what
   * names no certificate (notifications); give the current Alipay certificate.
   */
  alipayPublicKeyPem: string;
  /**
   * Certificate mode (A.8): the three certificate files. A function is asked before every call, so a caller
   * whose mode can change (the sandbox's namespaces) follows it; `undefined` means public-key mode.
   */
  certificates?: ProviderBCertificates | (() => Promise<ProviderBCertificates | undefined>);
  fetch?: typeof fetch;
  timeoutMs?: number;
  retry?: RetryOptions;
  now?: () => Date;
}

/** The files of Alipay's certificate mode, as PEM text. */
export interface ProviderBCertificates {
  /** `appCertPublicKey_<appid>.crt`: the app's certificate, over the key that signs our requests. */
  appCertPem: string;
  /** `alipayRootCert.crt`: the Alipay root certificates (several in one file). */
  alipayRootCertPem: string;
  /**
   * `alipayCertPublicKey_RSA2.crt`: Alipay's certificate. May hold several (the current one and the newer one
   * Alipay renews to): each answer is verified with the one whose serial it names.
   */
  alipayCertPem: string;
}

/** What certificate mode sends and verifies with, computed once per set of files. */
interface CertificateMode {
  appCertSn: string;
  alipayRootCertSn: string;
  alipayKeys: Map<string, KeyObject>;
}

/**
 * By the files' text, not the object: the sandbox hands its files over as a fresh copy on every call (read from its
 * store), and parsing them again each call is work that never changes the answer.
 */
const certificateModes = new Map<string, CertificateMode>();
const MAX_CERTIFICATE_MODES = 256;

function certificateMode(files: ProviderBCertificates): CertificateMode {
  const key = `${files.appCertPem}\n${files.alipayRootCertPem}\n${files.alipayCertPem}`;
  let mode = certificateModes.get(key);
  if (!mode) {
    mode = {
      appCertSn: certSn(files.appCertPem),
      alipayRootCertSn: rootCertSn(files.alipayRootCertPem),
      alipayKeys: new Map(pemCertificates(files.alipayCertPem).map((pem) => [certSn(pem), loadPublicKey(pem)])),
    };
    if (certificateModes.size >= MAX_CERTIFICATE_MODES) certificateModes.clear();
    certificateModes.set(key, mode);
  }
  return mode;
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
  const certificates = options.certificates;

  async function currentCertificateMode(): Promise<CertificateMode | undefined> {
    const files = typeof certificates === 'function' ? await certificates() : certificates;
    return files ? certificateMode(files) : undefined;
  }

  /** Certificate mode verifies with the certificate the answer names; one we do not hold is a configuration gap. */
  function responseKey(mode: CertificateMode | undefined, method: string) {
    return (namedSn: string | undefined): KeyObject => {
      if (!mode || namedSn === undefined) return alipayKey;
      const key = mode.alipayKeys.get(namedSn);
      if (key) return key;
      throw new ProviderBResponseVerificationError(
        `the answer is signed with Alipay certificate ${namedSn}, which is not configured (configured: ${[...mode.alipayKeys.keys()].join(', ')}); add Alipay's newer alipayCertPublicKey_RSA2.crt to PROVIDER_B_ALIPAY_CERT`,
        method,
      );
    };
  }

  function signedUrl(
    method: string,
    callOptions: GatewayCallOptions,
    extra: Record<string, string | undefined>,
    mode: CertificateMode | undefined,
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
      app_cert_sn: mode?.appCertSn,
      alipay_root_cert_sn: mode?.alipayRootCertSn,
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
    const mode = await currentCertificateMode();
    const url = signedUrl(method, callOptions, signed, mode);
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
      payload = verifyGatewayResponse(text, method, responseKey(mode, method)).payload;
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
