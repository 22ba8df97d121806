import type { ApplymentState } from '@/protocols/providerA/pay/applyment-states';

export type { ApplymentState };

/** The keys the client trusts for WeChat Pay responses and uses to encrypt sensitive fields (A.4). */
export type ProviderAPlatformKeys =
  | { mode: 'publicKey'; publicKeyId: string; publicKeyPem: string }
  | { mode: 'certificate'; certificates: { serialNo: string; pem: string }[] };

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
