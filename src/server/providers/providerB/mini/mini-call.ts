import type { GatewayFile, GatewayPayload, ProviderBGateway } from '../gateway/gateway-client';
import { DEFAULT_BUNDLE_ID } from '@/protocols/providerB/mini/methods';
import { remapMiniError } from './mini-errors';

/** One proxied or ISV call with the mini-program error mapping applied. Undefined biz fields are dropped. */
export async function callMini(
  gateway: ProviderBGateway,
  method: string,
  biz: Record<string, unknown> | undefined,
  appAuthToken?: string,
): Promise<GatewayPayload> {
  try {
    const body =
      biz === undefined ? undefined : Object.fromEntries(Object.entries(biz).filter(([, v]) => v !== undefined));
    return await gateway.call(method, body, { appAuthToken });
  } catch (error) {
    throw remapMiniError(error);
  }
}

/** Multipart variant (C.4): business fields are top-level signed text fields, files are unsigned parts. */
export async function uploadMini(
  gateway: ProviderBGateway,
  method: string,
  fields: Record<string, string | undefined>,
  files: GatewayFile[],
  appAuthToken: string,
): Promise<GatewayPayload> {
  try {
    return await gateway.upload(method, { fields, files }, { appAuthToken });
  } catch (error) {
    throw remapMiniError(error);
  }
}

export const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
/** Alipay models numbers as strings in some SDKs and as JSON numbers in samples (B.3): accept both. */
export const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
/** `"true"`/`"false"` strings, or booleans. */
export const bool = (v: unknown): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
export const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object') : [];

export interface VersionRef {
  appAuthToken: string;
  appVersion: string;
  bundleId?: string;
}

export const versionBiz = (input: { appVersion?: string; bundleId?: string }) => ({
  app_version: input.appVersion,
  bundle_id: input.bundleId ?? DEFAULT_BUNDLE_ID,
});
