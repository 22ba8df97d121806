import type { SandboxStore } from '@/sandbox/store';
import type { ProviderBSandboxKeys } from '../keys';

export interface GatewayMethodContext {
  store: SandboxStore;
  keys: ProviderBSandboxKeys;
  now: () => Date;
  /** Sends a message-service push to the service (an audit decided automatically while being read). */
  deliverMessage?: (message: { body: string; contentType: string }) => Promise<unknown>;
}

export interface GatewayUploadedFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export interface GatewayMethodRequest {
  method: string;
  /** Every received parameter (query and body merged), signature already verified. */
  params: Record<string, string>;
  /** Parsed `biz_content`, or for upload methods the non-public text fields. */
  biz: Record<string, unknown>;
  files: Map<string, GatewayUploadedFile>;
  appAuthToken?: string;
}

export interface GatewayMethodHandler {
  /** Upload methods take business parameters as top-level fields instead of `biz_content` (A.2). */
  bizFrom?: 'biz_content' | 'params';
  /** Proxied (ISV-for-merchant) methods: the dispatcher answers `isv.self-invoke-forbidden` without a token. */
  requiresAppAuthToken?: boolean;
  /** Business fields of the successful response (code/msg are added by the dispatcher). */
  handle(request: GatewayMethodRequest, ctx: GatewayMethodContext): Promise<Record<string, unknown>>;
}

const methods = new Map<string, GatewayMethodHandler>();

/** Adds a gateway method to the sandbox (ZFT here; mini-program methods register themselves the same way). */
export function registerGatewayMethod(name: string, handler: GatewayMethodHandler): void {
  methods.set(name, handler);
}

export function gatewayMethod(name: string): GatewayMethodHandler | undefined {
  return methods.get(name);
}

/** A non-10000 answer, thrown by handlers and rendered in the method's envelope. */
export class GatewayBusinessError extends Error {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {
    super(`${code} ${subCode}`);
    this.name = 'GatewayBusinessError';
  }
}

export const businessFailed = (subCode: string, subMsg: string) =>
  new GatewayBusinessError('40004', 'Business Failed', subCode, subMsg);
export const invalidParameter = (subMsg: string) => businessFailed('INVALID_PARAMETER', subMsg);

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Missing required business field → `40004 INVALID_PARAMETER` naming the field, as Alipay's messages do. */
export function requireBizFields(biz: Record<string, unknown>, fields: readonly string[], prefix = ''): void {
  for (const field of fields) if (isBlank(biz[field])) throw invalidParameter(`参数有误：${prefix}${field} 不能为空`);
}
