import type { SandboxStore } from '@/sandbox/store';
import { handleQueryApplyment, handleSubmitApplyment } from './applyment-routes';
import { handleCapitalRequest } from './capital-banks-routes';
import type { ProviderASandboxKeys } from './keys';
import { handleMediaUpload } from './media-upload';
import { errorResponse, type ResponseSigner } from './respond';
import { checkRequestSignature } from './verify-authorization';

export type ProviderAPayEmulatorContext = {
  store: SandboxStore;
  keys: ProviderASandboxKeys;
  now?: () => Date;
  /** Fault injection: a Response returned here is sent instead of handling the request (nothing is stored). */
  fault?: (request: Request) => Response | undefined | Promise<Response | undefined>;
  /** Answer every request with a `WECHATPAY/SIGNTEST/` probe signature (A.3). */
  signatureProbe?: boolean;
  /** Upload size limit; default 2 MB (B.7). */
  maxImageBytes?: number;
};

/**
 * The WeChat Pay APIv3 onboarding upstream, for sandbox mode. Serves the real paths below wherever it is
 * mounted (everything from `/v3/` on is routed); the signature is checked over the full path the client
 * requested, which is also what a client pointed at the mount point signs.
 */
export async function handleProviderAPayRequest(request: Request, ctx: ProviderAPayEmulatorContext): Promise<Response> {
  const signer: ResponseSigner = {
    keys: ctx.keys,
    now: ctx.now ?? (() => new Date()),
    signatureProbe: ctx.signatureProbe,
  };
  const injected = await ctx.fault?.(request);
  if (injected) return injected;

  const url = new URL(request.url);
  const v3 = url.pathname.indexOf('/v3/');
  const route = v3 === -1 ? '' : url.pathname.slice(v3);
  const body = Buffer.from(await request.arrayBuffer());
  const routeCtx = { signer, store: ctx.store };

  if (request.method === 'POST' && route === '/v3/merchant/media/upload') {
    return handleMediaUpload(request, body, { ...routeCtx, maxImageBytes: ctx.maxImageBytes });
  }
  const bodyText = body.toString('utf8');
  const query = route.match(/^\/v3\/applyment4sub\/applyment\/(business_code|applyment_id)\/([^/]+)$/);
  if (request.method === 'GET' && route.startsWith('/v3/capital/capitallhh/')) {
    const unsignedLookup = checkRequestSignature(signer, request, '');
    if (unsignedLookup) return unsignedLookup;
    const answer = handleCapitalRequest(signer, url, route);
    if (answer) return answer;
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
  return handleQueryApplyment(query![1] as 'business_code' | 'applyment_id', decodeURIComponent(query![2]!), routeCtx);
}

export { listApplyments, setApplymentState } from './control';
export { providerASandboxClientSettings, type ProviderASandboxKeys } from './keys';
