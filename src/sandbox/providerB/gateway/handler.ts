import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { responseKeyFor } from '@/protocols/providerB/gateway/response-envelope';
import type { SandboxStore } from '@/sandbox/store';
import type { ProviderBSandboxKeys } from '../keys';
import { providerBSandboxSerials, type ProviderBSandboxCertificates } from '../certificates';
import { signedGatewayResponse, unsignedGatewayError } from './envelope';
import { parseGatewayRequest } from './parse-request';
import { businessParams, checkPublicParams } from './public-params';
import { GatewayBusinessError, gatewayMethod, invalidParameter, type GatewayMethodContext } from './registry';

export interface ProviderBGatewayContext {
  store: SandboxStore;
  keys: ProviderBSandboxKeys;
  /** Certificate mode (signing-mode.ts): the files whose serials requests must carry and answers name. */
  certificates?: ProviderBSandboxCertificates;
  now?: () => Date;
  deliverMessage?: GatewayMethodContext['deliverMessage'];
}

// Parsing PEM on every request is wasteful; keys are few and immutable, so memoise by their text.
const keyCache = new Map<string, KeyObject>();
function cachedKey(pem: string, load: (pem: string) => KeyObject): KeyObject {
  let key = keyCache.get(pem);
  if (!key) keyCache.set(pem, (key = load(pem)));
  return key;
}

function parseBizContent(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw invalidParameter('参数有误：biz_content 不是合法的JSON对象');
}

/**
 * `POST …/gateway.do` of the providerB sandbox: verifies the app's RSA2 request signature and public
 * parameters, dispatches by `method` through the registry and answers the signed legacy envelope.
 * Import it from `@/sandbox/providerB`, which registers the ZFT methods.
 */
export async function handleProviderBGatewayRequest(request: Request, ctx: ProviderBGatewayContext): Promise<Response> {
  if (!new URL(request.url).pathname.endsWith('/gateway.do')) return new Response('Not Found', { status: 404 });
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'POST' } });
  const alipayKey = cachedKey(ctx.keys.alipayPrivateKeyPem, loadPrivateKey);
  const serials = ctx.certificates ? providerBSandboxSerials(ctx.certificates) : undefined;
  const now = ctx.now ?? (() => new Date());
  const { params, files } = await parseGatewayRequest(request);
  const handler = params.method ? gatewayMethod(params.method) : undefined;
  // Unknown or missing methods have no method key to answer under, hence `error_response`.
  const responseKey = handler && params.method ? responseKeyFor(params.method) : 'error_response';
  try {
    checkPublicParams(params, {
      appId: ctx.keys.appId,
      appPublicKey: cachedKey(ctx.keys.appPublicKeyPem, loadPublicKey),
      knownMethod: Boolean(handler),
      certificateSerials: serials,
      now: now(),
    });
    if (!handler || !params.method) throw new Error('unreachable: method checked above');
    if (handler.requiresAppAuthToken && !params.app_auth_token) {
      throw new GatewayBusinessError(
        '40006',
        'Insufficient Permissions',
        'isv.self-invoke-forbidden',
        '此用户不允许自调用',
      );
    }
    const biz = handler.bizFrom === 'params' ? businessParams(params) : parseBizContent(params.biz_content);
    const result = await handler.handle(
      { method: params.method, params, biz, files, appAuthToken: params.app_auth_token || undefined },
      { store: ctx.store, keys: ctx.keys, now, deliverMessage: ctx.deliverMessage },
    );
    return signedGatewayResponse(
      responseKey,
      { code: '10000', msg: 'Success', ...result },
      alipayKey,
      serials?.alipayCertSn,
    );
  } catch (error) {
    if (!(error instanceof GatewayBusinessError)) throw error;
    const payload = { code: error.code, msg: error.msg, sub_code: error.subCode, sub_msg: error.subMsg };
    // The gateway refuses a request it cannot route before it signs anything: the SDKs accept it unverified.
    if (responseKey === 'error_response') return unsignedGatewayError(payload);
    return signedGatewayResponse(responseKey, payload, alipayKey, serials?.alipayCertSn);
  }
}
