import { publicKeyObject } from '../../key-objects';
import { createVerify } from 'node:crypto';
import { errorResponse, type ResponseSigner } from './respond';

/** Request-signature check as WeChat Pay performs it (docs/upstream/providerA.md A.2), with its 401 SIGN_ERROR shapes. */

const SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** The upstream's exact window is undocumented ([U]); 5 minutes is the common assumption. */
const MAX_REQUEST_SKEW_SECONDS = 300;
const MALFORMED = 'Http头Authorization值格式错误，请参考《微信支付商户REST API签名规则》';

function parseAuthorization(header: string | null): Record<string, string> | undefined {
  if (!header?.startsWith(`${SCHEME} `)) return undefined;
  const pairs: Record<string, string> = {};
  for (const match of header.slice(SCHEME.length + 1).matchAll(/\s*(\w+)="([^"]*)"\s*(?:,|$)/g)) {
    pairs[match[1]!] = match[2]!;
  }
  const required = ['mchid', 'nonce_str', 'timestamp', 'serial_no', 'signature'];
  return required.every((k) => pairs[k]) ? pairs : undefined;
}

/**
 * Returns a 401 response when the request is not signed by the sandbox merchant, else undefined.
 * `signBody` is the raw JSON body, or the `meta` part of an upload.
 */
export function checkRequestSignature(
  signer: ResponseSigner,
  request: Request,
  signBody: string,
): Response | undefined {
  const auth = parseAuthorization(request.headers.get('authorization'));
  if (!auth)
    return errorResponse(signer, 401, 'SIGN_ERROR', MALFORMED, {
      field: 'authorization',
      issue: 'malformed',
      location: 'header',
    });
  const { merchant } = signer.keys;
  if (auth.mchid !== merchant.mchId) {
    return errorResponse(signer, 401, 'SIGN_ERROR', '商户号与签名信息不匹配', {
      field: 'mchid',
      issue: 'unknown mchid',
      location: 'authorization',
    });
  }
  if (auth.serial_no!.toUpperCase() !== merchant.serialNo) {
    return errorResponse(signer, 401, 'SIGN_ERROR', '商户证书序列号有误', {
      field: 'serial_no',
      issue: 'unknown serial_no',
      location: 'authorization',
    });
  }
  const timestamp = Number(auth.timestamp);
  const nowSeconds = Math.floor(signer.now().getTime() / 1000);
  if (!/^\d{1,12}$/.test(auth.timestamp!) || Math.abs(nowSeconds - timestamp) > MAX_REQUEST_SKEW_SECONDS) {
    return errorResponse(signer, 401, 'SIGN_ERROR', '请求时间戳已过期或格式错误', {
      field: 'timestamp',
      issue: 'timestamp expired',
      location: 'authorization',
    });
  }
  const url = new URL(request.url);
  const message = `${request.method.toUpperCase()}\n${url.pathname}${url.search}\n${auth.timestamp}\n${auth.nonce_str}\n${signBody}\n`;
  const valid = createVerify('RSA-SHA256')
    .update(message, 'utf8')
    .verify(publicKeyObject(merchant.publicKeyPem), auth.signature!, 'base64');
  if (valid) return undefined;
  // Shape observed on a real SIGN_ERROR (A.1): tells the developer what the server signed.
  return errorResponse(signer, 401, 'SIGN_ERROR', '错误的签名，验签失败', {
    detail: { issue: 'sign not match' },
    field: 'signature',
    location: 'authorization',
    sign_information: {
      method: request.method.toUpperCase(),
      sign_message_length: Buffer.byteLength(message, 'utf8'),
      // The body line is left out: it may hold personal data when a client forgot to encrypt.
      truncated_sign_message: `${message.split('\n').slice(0, 4).join('\n')}\n…`,
      url: `${url.pathname}${url.search}`,
    },
  });
}
