import type { SandboxStore } from '@/sandbox/store';
import { findApplymentById, getApplyment, type SandboxApplyment } from './applyment-store';
import { handleQueryApplyment, handleSubmitApplyment } from './applyment-routes';
import { handleCapitalRequest } from './capital-banks-routes';
import type { ProviderASandboxKeys } from './keys';
import { handleMediaUpload } from './media-upload';
import { errorResponse, signedResponse, type ResponseSigner } from './respond';
import { checkRequestSignature } from './verify-authorization';
import { CERTIFICATES_PATH, buildCertificatesResponse } from '@/protocols/providerA/pay/platform-certificates';
import { decryptionKey, loadPlatformState, signingKey, type SandboxPlatformState } from './platform-certificates';

/**
 * `GET /v3/certificates` (A.4): the merchant's unexpired platform certificates sealed with its APIv3 key, signed
 * by the newest one. A merchant in public-key mode has none: its answer is a 404 (the real wording is [U]).
 */
async function certificatesResponse(
  signer: ResponseSigner,
  platform: SandboxPlatformState,
  apiV3Key: () => Promise<string>,
): Promise<Response> {
  const now = signer.now().getTime();
  const listed = platform.certificates.filter((c) => Date.parse(c.expireTime) > now);
  if (platform.mode === 'public_key' || listed.length === 0) {
    return errorResponse(signer, 404, 'RESOURCE_NOT_EXISTS', '商户未使用平台证书，请使用微信支付公钥验签', {
      location: 'path',
      issue: 'this merchant uses the WeChat Pay public key, not platform certificates',
    });
  }
  return signedResponse(signer, 200, buildCertificatesResponse(listed, await apiV3Key()));
}

/** The stored objects a call reads, started before the call is looked at (readAhead). */
export type ReadsAhead = {
  platform: Promise<SandboxPlatformState>;
  /** A status query's application (undefined: not a status query). */
  applyment?: Promise<SandboxApplyment | undefined>;
};

const QUERY_ROUTE = /^\/v3\/applyment4sub\/applyment\/(business_code|applyment_id)\/([^/]+)$/;

/** The route below the mount point: everything from `/v3/` on. */
function v3Route(url: URL): string {
  const v3 = url.pathname.indexOf('/v3/');
  return v3 === -1 ? '' : url.pathname.slice(v3);
}

/**
 * Starts the reads of a call (the merchant's platform state; a status query's application) at once, so that they
 * and the fault list travel in one query of the store (db-store.ts) instead of one round trip after another.
 * Reading has no effect: a call refused later (a fault, a bad signature) only leaves its reads unused.
 */
export function readAhead(request: Request, store: SandboxStore, keys: ProviderASandboxKeys): ReadsAhead {
  const unhandled = <T>(read: Promise<T>) => (read.catch(() => undefined), read);
  const query = request.method === 'GET' ? QUERY_ROUTE.exec(v3Route(new URL(request.url))) : null;
  const key = query && decodeURIComponent(query[2]!);
  return {
    platform: unhandled(loadPlatformState(store, keys)),
    applyment:
      key === null
        ? undefined
        : unhandled(query![1] === 'business_code' ? getApplyment(store, key) : findApplymentById(store, key)),
  };
}

export type ProviderAPayEmulatorContext = {
  store: SandboxStore;
  keys: ProviderASandboxKeys;
  /** The APIv3 key the merchant shares with the platform: it seals `/v3/certificates` (read only for that call). */
  apiV3Key: () => Promise<string>;
  now?: () => Date;
  /** Fault injection: a Response returned here is sent instead of handling the request (nothing is stored). */
  fault?: (request: Request) => Response | undefined | Promise<Response | undefined>;
  /** Answer every request with a `WECHATPAY/SIGNTEST/` probe signature (A.3). */
  signatureProbe?: boolean;
  /** Upload size limit; default 2 MB (B.7). */
  maxImageBytes?: number;
  /** This call's reads, already started (readAhead); read now when absent. */
  ahead?: ReadsAhead;
};

/**
 * The WeChat Pay APIv3 onboarding upstream, for sandbox mode. Serves the real paths below wherever it is
 * mounted (everything from `/v3/` on is routed); the signature is checked over the full path the client
 * requested, which is also what a client pointed at the mount point signs.
 */
export async function handleProviderAPayRequest(request: Request, ctx: ProviderAPayEmulatorContext): Promise<Response> {
  const now = ctx.now ?? (() => new Date());
  const injected = await ctx.fault?.(request);
  if (injected) return injected;
  const platform = await (ctx.ahead?.platform ?? loadPlatformState(ctx.store, ctx.keys));
  const signer: ResponseSigner = {
    keys: ctx.keys,
    now,
    signatureProbe: ctx.signatureProbe,
    signWith: signingKey(platform, ctx.keys, now()),
  };

  const url = new URL(request.url);
  const route = v3Route(url);
  const body = Buffer.from(await request.arrayBuffer());
  const routeCtx = {
    signer,
    store: ctx.store,
    decryptionKey: (serial: string) => decryptionKey(platform, ctx.keys, serial, now()),
  };

  if (request.method === 'POST' && route === '/v3/merchant/media/upload') {
    return handleMediaUpload(request, body, { ...routeCtx, maxImageBytes: ctx.maxImageBytes });
  }
  const bodyText = body.toString('utf8');
  const query = QUERY_ROUTE.exec(route);
  if (request.method === 'GET' && route.startsWith('/v3/capital/capitallhh/')) {
    const unsignedLookup = checkRequestSignature(signer, request, '');
    if (unsignedLookup) return unsignedLookup;
    const answer = handleCapitalRequest(signer, url, route);
    if (answer) return answer;
  }
  if (request.method === 'GET' && route === CERTIFICATES_PATH) {
    const unsigned = checkRequestSignature(signer, request, '');
    if (unsigned) return unsigned;
    return certificatesResponse(signer, platform, ctx.apiV3Key);
  }
  const isSubmit = request.method === 'POST' && /^\/v3\/applyment4sub\/applyment\/?$/.test(route);
  if (!isSubmit && !(request.method === 'GET' && query)) {
    return errorResponse(signer, 404, 'RESOURCE_NOT_EXISTS', '请求的资源不存在', {
      location: 'path',
      issue: `no route for ${request.method} ${url.pathname}`,
    });
  }
  const unsigned = checkRequestSignature(signer, request, bodyText);
  if (unsigned) return unsigned;
  if (isSubmit) return handleSubmitApplyment(request, bodyText, routeCtx);
  return handleQueryApplyment(
    query![1] as 'business_code' | 'applyment_id',
    decodeURIComponent(query![2]!),
    routeCtx,
    ctx.ahead?.applyment,
  );
}

export { listApplyments, setApplymentState } from './control';
export { providerASandboxClientSettings, type ProviderASandboxKeys } from './keys';
export {
  PLATFORM_MODES,
  describePlatformState,
  loadPlatformState,
  rotatePlatformCertificate,
  sandboxApiV3Key,
  setPlatformMode,
  type SandboxPlatformMode,
} from './platform-certificates';
