import type { ApplymentState } from '@/protocols/providerA/pay/applyment-states';
import type { PlatformCertificate } from '@/protocols/providerA/pay/platform-certificates';

export type { ApplymentState, PlatformCertificate };

/**
 * Where downloaded platform certificates are kept between calls and processes (the composition root seals them
 * in the database), and the lock that lets one caller at a time download them (across instances).
 */
export type PlatformCertificateStore = {
  get(): Promise<{ certificates: PlatformCertificate[]; fetchedAt: Date } | null>;
  set(certificates: PlatformCertificate[]): Promise<void>;
  lock<T>(fn: () => Promise<T>): Promise<T>;
};

/**
 * The keys the client trusts for WeChat Pay responses and uses to encrypt sensitive fields (A.4):
 * - `publicKey`: the platform public key and its `PUB_KEY_ID_…`;
 * - `certificate`: a fixed list of platform certificates (the protocol tests);
 * - `downloadedCertificates`: certificates fetched from `GET /v3/certificates` with the APIv3 key, kept in
 *   `store`, fetched again on an unknown serial; with `publicKey` too during a migration (both serial kinds
 *   verify; sensitive fields are then encrypted with the public key, which never rotates).
 */
export type ProviderAPlatformKeys =
  | { mode: 'publicKey'; publicKeyId: string; publicKeyPem: string }
  | { mode: 'certificate'; certificates: { serialNo: string; pem: string }[] }
  | {
      mode: 'downloadedCertificates';
      apiV3Key: string;
      store: PlatformCertificateStore;
      publicKey?: { publicKeyId: string; publicKeyPem: string };
    };

export type ProviderAPayClientConfig = {
  /** `https://api.mch.weixin.qq.com`, or the sandbox mount such as `http://host/sandbox/providerA/pay`. */
  baseUrl: string;
  /** Service-provider merchant id (sp_mchid). */
  mchId: string;
  /** Serial of the merchant API certificate (not a platform serial). */
  merchantSerialNo: string;
  merchantPrivateKeyPem: string;
  platform: ProviderAPlatformKeys;
  fetch?: typeof fetch;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  /** `attempts` counts the first try. Default `{ attempts: 3, baseDelayMs: 250 }`. */
  retry?: { attempts: number; baseDelayMs: number };
  /** Clock for signing and the response timestamp window; tests inject it. */
  now?: () => Date;
};

export type RejectReason = { field: string; reason: string };

export type ApplymentStatus = {
  /** Kept as a decimal string: the upstream sends a uint64 JSON number. */
  applymentId: string;
  businessCode: string;
  state: ApplymentState;
  /** The raw `APPLYMENT_STATE_*` value, for logs and support. */
  upstreamState: string;
  stateMsg: string;
  subMchid?: string;
  signUrl?: string;
  /** `audit_detail` mapped back to formData field names where the field is known. */
  rejectReasons: RejectReason[];
};

/** The flat formData of docs/product/service.md; values are strings, string arrays (media lists, salesScene) or booleans. */
export type ApplymentFormData = Record<string, unknown>;

/** The upstream's error JSON (docs/upstream/providerA.md A.1). `detail.value` may hold personal data: never surface it. */
export type UpstreamErrorBody = {
  code?: string;
  message?: string;
  detail?: { field?: string; issue?: string; location?: string; [key: string]: unknown };
};

export type UpstreamResult =
  | { ok: true; status: number; bodyText: string; attempts: number }
  | {
      ok: false;
      status: number;
      error: UpstreamErrorBody;
      attempts: number;
      /** With `verifyErrors`: `verified`, or why the error answer's signature did not verify. */
      verification?: string;
    };

export type UpstreamRequest = {
  method: 'GET' | 'POST';
  /** Path below baseUrl, starting with `/v3/`. */
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** What the signature covers: the JSON body, or the `meta` JSON of an upload (B.7). */
  signBody: string;
  contentType?: string;
  /** Replaces the usual verification of a 2xx answer (the certificate download verifies with what it downloaded). */
  verify?: (headers: Headers, body: Uint8Array) => Promise<void>;
  /** Verify error answers too (WeChat signs them): the connection check proves the platform key with a 404. */
  verifyErrors?: boolean;
  /** The serial sent in `Wechatpay-Serial`: the key that encrypted the body's fields; default the encryption key's. */
  encryptionSerial?: string;
};
