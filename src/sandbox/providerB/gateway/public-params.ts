import type { KeyObject } from 'node:crypto';
import { buildSignContent, rsa2Verify } from '@/protocols/providerB/gateway/signature';
import { parseGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { GatewayBusinessError } from './registry';

const missing = (subCode: string, what: string) =>
  new GatewayBusinessError('40001', 'Missing Required Arguments', subCode, `缺少${what}参数`);
const invalid = (subCode: string, subMsg: string) =>
  new GatewayBusinessError('40002', 'Invalid Arguments', subCode, subMsg);

const PUBLIC_PARAMS = [
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'timestamp',
  'version',
  'app_auth_token',
  'notify_url',
  'return_url',
  'auth_token',
  'app_cert_sn',
  'alipay_root_cert_sn',
  'ws_service_url',
];

/**
 * How far `timestamp` may stray from the gateway's clock. The gateway publishes no figure (docs/upstream/providerB.md
 * A.5 [U]); this window refuses a stale or replayed request and accepts any client whose clock is synchronised.
 */
export const GATEWAY_TIMESTAMP_WINDOW_MS = 15 * 60 * 1000;

/**
 * Public-parameter checks in the gateway's order (an unknown app id is reported before a missing signature,
 * A.5), ending with the RSA2 signature over every received text parameter (A.3).
 */
export function checkPublicParams(
  params: Record<string, string>,
  expected: {
    appId: string;
    appPublicKey: KeyObject;
    knownMethod: boolean;
    /** Certificate mode: the serials every request must carry. */
    certificateSerials?: { appCertSn: string; alipayRootCertSn: string };
    now: Date;
  },
): void {
  if (!params.method) throw missing('isv.missing-method', '方法名');
  if (!params.app_id) throw missing('isv.missing-app-id', 'AppId');
  if (params.app_id !== expected.appId) throw invalid('isv.invalid-app-id', '无效的AppID参数');
  if (!expected.knownMethod) throw invalid('isv.invalid-method', '不存在的方法名');
  if (!params.sign) throw missing('isv.missing-signature', '签名');
  if (!params.sign_type) throw missing('isv.missing-signature-type', '签名类型');
  if (params.sign_type !== 'RSA2') throw invalid('isv.invalid-signature-type', '无效的签名类型');
  if (!params.timestamp) throw missing('isv.missing-timestamp', '时间戳');
  const sentAt = parseGatewayTimestamp(params.timestamp);
  if (!sentAt || Math.abs(sentAt.getTime() - expected.now.getTime()) > GATEWAY_TIMESTAMP_WINDOW_MS)
    throw invalid('isv.invalid-timestamp', '非法的时间戳参数');
  if (!params.version) throw missing('isv.missing-version', '版本');
  if (params.charset?.toLowerCase() !== 'utf-8') throw invalid('isv.invalid-charset', '字符集错误');
  if (params.format && params.format.toUpperCase() !== 'JSON') throw invalid('isv.invalid-format', '无效的数据格式');
  // Certificate mode: the app certificate's serial selects the key that verifies, so it is checked first.
  const serials = expected.certificateSerials;
  if (serials && params.app_cert_sn !== serials.appCertSn)
    throw invalid('isv.app-cert-not-exist', '应用公钥证书不存在');
  if (serials && params.alipay_root_cert_sn !== serials.alipayRootCertSn)
    throw invalid('isv.invalid-alipay-root-cert-sn', '无效支付宝根证书序列号');
  if (!rsa2Verify(buildSignContent(params), params.sign, expected.appPublicKey)) {
    // The real gateway echoes its string-to-sign with `&` HTML-escaped (TV-2). We echo only the public
    // parameters, so business values (personal data) never travel back in an error message.
    const publicOnly = Object.fromEntries(Object.entries(params).filter(([k]) => PUBLIC_PARAMS.includes(k)));
    throw invalid(
      'isv.invalid-signature',
      `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${buildSignContent(publicOnly).replaceAll('&', '&amp;')}`,
    );
  }
}

export function businessParams(params: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([k]) => k !== 'sign' && k !== 'biz_content' && !PUBLIC_PARAMS.includes(k)),
  );
}
