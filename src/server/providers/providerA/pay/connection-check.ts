import { randomBytes } from 'node:crypto';
import type { ConnectionOutcome, ConnectionRemedy } from '@/domain/connection-check-outcomes';
import { AppError } from '@/server/errors';
import type { PayTransport } from './http-transport';
import { isApplymentNotFound } from './map-upstream-error';

/**
 * What a connection check learnt; `problem` is phrased for the operator, `variable` is what to fix. `outcome` and
 * `remedy` say the same as codes (the console translates them); `upstreamMessage` is text only the upstream or
 * the transport wrote, quoted as it is.
 */
export type PayConnectionResult =
  | { ok: true; detail: string; outcome: ConnectionOutcome }
  | {
      ok: false;
      problem: string;
      variable: string;
      fix: string;
      outcome: ConnectionOutcome;
      remedy: ConnectionRemedy;
      upstreamMessage?: string;
    };

/**
 * One harmless signed call: the query of an application under a business code nobody uses. WeChat answers
 * "no such application", signed: our signature was accepted (merchant id, serial, private key) and the answer
 * verified (platform public key or certificate). Changes nothing upstream.
 */
export async function checkPayConnection(transport: PayTransport): Promise<PayConnectionResult> {
  const businessCode = `doctor_${randomBytes(8).toString('hex')}`;
  let result;
  try {
    result = await transport.send({
      method: 'GET',
      path: `/v3/applyment4sub/applyment/business_code/${businessCode}`,
      signBody: '',
      verifyErrors: true,
    });
  } catch (error) {
    return failure(error);
  }
  if (result.ok) return { ok: true, detail: 'signed query answered and verified', outcome: { code: 'pay.verified' } };
  const { status, error } = result;
  if (status === 401 || error.code === 'SIGN_ERROR') {
    const field = error.detail?.field;
    if (field === 'mchid')
      return {
        ok: false,
        problem: 'WeChat Pay does not know this merchant id',
        variable: 'PROVIDER_A_MCH_ID',
        fix: 'the service provider merchant id (digits) shown in the merchant platform',
        outcome: { code: 'pay.unknown_mchid' },
        remedy: { code: 'pay.mchid' },
      };
    if (field === 'serial_no')
      return {
        ok: false,
        problem: 'WeChat Pay does not know this merchant certificate serial',
        variable: 'PROVIDER_A_MERCHANT_SERIAL_NO',
        fix: 'the serial of the current apiclient_cert.pem (openssl x509 -noout -serial -in apiclient_cert.pem)',
        outcome: { code: 'pay.unknown_serial' },
        remedy: { code: 'pay.serial' },
      };
    return {
      ok: false,
      problem: 'WeChat Pay refused the request signature',
      variable: 'PROVIDER_A_MERCHANT_PRIVATE_KEY',
      fix: 'the apiclient_key.pem that belongs to the certificate of PROVIDER_A_MERCHANT_SERIAL_NO',
      outcome: { code: 'pay.signature_refused' },
      remedy: { code: 'pay.private_key' },
    };
  }
  if (result.verification && result.verification !== 'verified') return verificationFailure(result.verification);
  if (isApplymentNotFound(status, error))
    return {
      ok: true,
      detail: `signed ${status} "no such application" verified`,
      outcome: { code: 'pay.verified_not_found', params: { status: String(status) } },
    };
  return {
    ok: false,
    problem: `WeChat Pay answered ${status} ${error.code ?? ''}`.trim(),
    variable: 'PROVIDER_A_MCH_ID',
    fix: 'a service provider (服务商) merchant id with the applyment4sub permission',
    outcome: { code: 'pay.unexpected_answer', params: { status: String(status) } },
    remedy: { code: 'pay.applyment_permission' },
    ...(error.code ? { upstreamMessage: error.code } : {}),
  };
}

export function verificationFailure(reason: string): PayConnectionResult & { ok: false } {
  if (/unknown Wechatpay-Serial PUB_KEY_ID_/.test(reason))
    return {
      ok: false,
      problem: `WeChat Pay signed with a public key this service does not have (${reason})`,
      variable: 'PROVIDER_A_PLATFORM_PUBLIC_KEY_ID',
      fix: 'the public key id (PUB_KEY_ID_…) and key shown in the merchant platform under API security; PROVIDER_A_PAY_VERIFY_MODE=public_key or both',
      outcome: { code: 'pay.unknown_public_key' },
      remedy: { code: 'pay.public_key_id' },
      upstreamMessage: reason,
    };
  if (/unknown Wechatpay-Serial/.test(reason))
    return {
      ok: false,
      problem: `WeChat Pay signed with a platform certificate this service does not trust (${reason})`,
      variable: 'PROVIDER_A_PAY_VERIFY_MODE',
      fix: 'platform_certificate (or both during the migration), with PROVIDER_A_APIV3_KEY set',
      outcome: { code: 'pay.untrusted_certificate' },
      remedy: { code: 'pay.certificate_mode' },
      upstreamMessage: reason,
    };
  if (/APIv3 key/.test(reason))
    return {
      ok: false,
      problem: reason,
      variable: 'PROVIDER_A_APIV3_KEY',
      fix: 'the 32-character APIv3 key set in the merchant platform under API security',
      outcome: { code: 'pay.apiv3_key' },
      remedy: { code: 'pay.apiv3_key' },
      upstreamMessage: reason,
    };
  return {
    ok: false,
    problem: `the answer did not verify: ${reason}`,
    variable: 'PROVIDER_A_PLATFORM_PUBLIC_KEY',
    fix: "WeChat Pay's public key (pub_key.pem) of the id in PROVIDER_A_PLATFORM_PUBLIC_KEY_ID",
    outcome: { code: 'pay.unverified' },
    remedy: { code: 'pay.public_key' },
    upstreamMessage: reason,
  };
}

export function failure(error: unknown): PayConnectionResult & { ok: false } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AppError && /verification: (.*)$/.test(message))
    return verificationFailure(message.replace(/^.*verification: /, ''));
  if (error instanceof AppError && (error.code === 'upstream_timeout' || /could not be reached/.test(message)))
    return {
      ok: false,
      problem: message,
      variable: 'UPSTREAM_TIMEOUT_MS',
      fix: 'network access to api.mch.weixin.qq.com:443 from this host (proxy, firewall), or a longer timeout',
      outcome: { code: 'pay.unreachable' },
      remedy: { code: 'pay.network' },
      upstreamMessage: message,
    };
  return {
    ok: false,
    problem: message,
    variable: 'PROVIDER_A_PAY_VERIFY_MODE',
    fix: 'the mode WeChat Pay uses for this merchant',
    outcome: { code: 'pay.failed' },
    remedy: { code: 'pay.verify_mode' },
    upstreamMessage: message,
  };
}
