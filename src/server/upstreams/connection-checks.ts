/**
 * `doctor`: one harmless signed call to each configured upstream, with the configuration the service runs
 * with (live: the environment; sandbox: the platform's sandbox namespace), and per upstream either what was
 * proven or the variable to fix and what it should hold.
 */
import { randomBytes } from 'node:crypto';
import type { ConnectionOutcome, ConnectionRemedy } from '@/domain/connection-check-outcomes';
import { getEnv } from '@/env';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { createComponentClient } from '@/server/providers/providerA/component';
import { payConnectionFailure } from '@/server/providers/providerA/pay/client';
import { componentScope, componentTokenCache, readVerifyTicket } from './component-store';
import { upstreamHosts } from './hosts';
import { componentClientOptions } from './mini-programs';
import { configuredProviderAPayClient, configuredProviderBClient } from './onboarding';

export type ConnectionCheck = {
  upstream: 'providerA.pay' | 'providerA.component' | 'providerB.gateway';
  /** The call that was made. */
  call: string;
  /** The same as `call`, only the requests (method and path, or the Alipay method), in order. */
  requests: readonly string[];
  ok: boolean;
  /** What the call proved (ok), or what went wrong. */
  detail: string;
  /** `detail` as a code and its values, for the console to say in the operator's language. */
  outcome: ConnectionOutcome;
  /** When not ok: the variable to fix and what it should hold (`remedy`: the latter as a code). */
  variable?: string;
  fix?: string;
  remedy?: ConnectionRemedy;
  /** Text only the upstream (or the network) wrote, which no catalog can translate: quoted as it is. */
  upstreamMessage?: string;
};

export type ConnectionReport = { upstreamMode: 'sandbox' | 'live'; checks: ConnectionCheck[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const payQuery = 'GET /v3/applyment4sub/applyment/business_code/doctor_…';

async function checkProviderAPay(platformId: string): Promise<ConnectionCheck> {
  const mode = getEnv().PROVIDER_A_PAY_VERIFY_MODE;
  const call =
    mode === 'public_key'
      ? `${payQuery} (expects a signed "no such application")`
      : `GET /v3/certificates, then ${payQuery}`;
  const requests = mode === 'public_key' ? [payQuery] : ['GET /v3/certificates', payQuery];
  const base = { upstream: 'providerA.pay', call, requests } as const;
  try {
    const client = await configuredProviderAPayClient(upstreamHosts(platformId), platformId);
    let downloaded: { count: string; newest: string; expires: string } | undefined;
    if (mode !== 'public_key') {
      const certificates = await client.refreshPlatformCertificates().catch((error: unknown) => {
        if (/RESOURCE_NOT_EXISTS|NOT_FOUND/.test(messageOf(error)))
          throw new NamedFailure('WeChat Pay lists no platform certificates for this merchant', {
            variable: 'PROVIDER_A_PAY_VERIFY_MODE',
            fix: 'public_key, with PROVIDER_A_PLATFORM_PUBLIC_KEY_ID and PROVIDER_A_PLATFORM_PUBLIC_KEY (this merchant uses the WeChat Pay public key)',
            outcome: { code: 'pay.no_certificates' },
            remedy: { code: 'pay.public_key_mode' },
          });
        throw error;
      });
      const newest = certificates.reduce((a, b) => (Date.parse(b.effectiveTime) > Date.parse(a.effectiveTime) ? b : a));
      downloaded = { count: String(certificates.length), newest: newest.serialNo, expires: newest.expireTime };
    }
    const result = await client.checkConnection();
    if (result.ok) {
      if (!downloaded) return { ...base, ok: true, detail: result.detail, outcome: result.outcome };
      return {
        ...base,
        ok: true,
        detail: `${downloaded.count} platform certificate(s) downloaded and stored (newest ${downloaded.newest}, expires ${downloaded.expires}); ${result.detail}`,
        outcome: { code: 'pay.certificates_verified', params: downloaded },
      };
    }
    return {
      ...base,
      ok: false,
      detail: result.problem,
      outcome: result.outcome,
      variable: result.variable,
      fix: result.fix,
      remedy: result.remedy,
      ...(result.upstreamMessage ? { upstreamMessage: result.upstreamMessage } : {}),
    };
  } catch (error) {
    if (error instanceof NamedFailure) return { ...base, ok: false, detail: error.message, ...error.named };
    const failure = payConnectionFailure(error);
    return {
      ...base,
      ok: false,
      detail: failure.problem,
      outcome: failure.outcome,
      variable: failure.variable,
      fix: failure.fix,
      remedy: failure.remedy,
      ...(failure.upstreamMessage ? { upstreamMessage: failure.upstreamMessage } : {}),
    };
  }
}

/** A failure this module recognised, with what to fix. */
class NamedFailure extends Error {
  constructor(
    message: string,
    readonly named: { variable: string; fix: string; outcome: ConnectionOutcome; remedy: ConnectionRemedy },
  ) {
    super(message);
  }
}

type Fix = { variable: string; fix: string; remedy: ConnectionRemedy };

/** WeChat's errcodes for a component's own credentials (docs/upstream/providerA.md D.12). */
function componentFix(message: string): Fix {
  if (/40013|invalid appid/i.test(message))
    return {
      variable: 'PROVIDER_A_COMPONENT_APPID',
      fix: 'the third-party platform AppID (wx + 16 hex digits)',
      remedy: { code: 'component.appid' },
    };
  if (/40125|41004|40001|secret/i.test(message))
    return {
      variable: 'PROVIDER_A_COMPONENT_SECRET',
      fix: "the third-party platform's AppSecret (reset it in the Open Platform if lost)",
      remedy: { code: 'component.secret' },
    };
  if (/ticket/i.test(message))
    return {
      variable: 'PROVIDER_A_COMPONENT_TOKEN',
      fix: 'with PROVIDER_A_COMPONENT_AES_KEY, the values set in the Open Platform for the authorization event URL <PUBLIC_BASE_URL>/callbacks/providerA/auth-event, where WeChat pushes the ticket every ten minutes',
      remedy: { code: 'component.ticket' },
    };
  return {
    variable: 'PROVIDER_A_COMPONENT_APPID',
    fix: 'the credentials of the third-party platform this service runs',
    remedy: { code: 'component.credentials' },
  };
}

async function checkProviderAComponent(platformId: string): Promise<ConnectionCheck> {
  const db = await getDb();
  const scope = componentScope(platformId);
  const ticket = await readVerifyTicket(db, scope).catch(() => null);
  // With a ticket: a fresh component_access_token (appid, secret and ticket proven; it replaces the cached one,
  // which callers simply reuse). Without one yet: ask WeChat to push it (appid and secret proven).
  const request = ticket
    ? 'POST /cgi-bin/component/api_component_token'
    : 'POST /cgi-bin/component/api_start_push_ticket';
  const call = ticket ? request : `${request} (no ticket received yet)`;
  const base = { upstream: 'providerA.component', call, requests: [request] } as const;
  try {
    const component = createComponentClient(await componentClientOptions(upstreamHosts(platformId), platformId));
    if (!ticket) {
      await component.startPushTicket();
      return {
        ...base,
        ok: true,
        detail: 'credentials accepted; WeChat was asked to push a component_verify_ticket',
        outcome: { code: 'component.ticket_requested' },
      };
    }
    const cached = await componentTokenCache(db, scope).get();
    await component.componentAccessToken({ invalidToken: cached?.token });
    return {
      ...base,
      ok: true,
      detail: 'component_access_token obtained with the stored ticket',
      outcome: { code: 'component.token_obtained' },
    };
  } catch (error) {
    return {
      ...base,
      ok: false,
      detail: messageOf(error),
      outcome: { code: 'component.refused' },
      upstreamMessage: messageOf(error),
      ...componentFix(messageOf(error)),
    };
  }
}

/** Alipay's sub_codes for the app's own configuration (docs/upstream/providerB.md). */
function gatewayFix(message: string): Fix {
  // Certificate mode (docs/configuration.md): the app certificate, the root, or a renewed Alipay certificate.
  if (/app-cert-not-exist|app_cert_sn/i.test(message))
    return {
      variable: 'PROVIDER_B_APP_CERT',
      fix: 'the appCertPublicKey_<appid>.crt issued for PROVIDER_B_APP_PRIVATE_KEY, as downloaded from the Alipay console',
      remedy: { code: 'gateway.app_cert' },
    };
  if (/root-cert|root_cert/i.test(message))
    return {
      variable: 'PROVIDER_B_ALIPAY_ROOT_CERT',
      fix: 'alipayRootCert.crt as downloaded from the Alipay console',
      remedy: { code: 'gateway.root_cert' },
    };
  if (/PROVIDER_B_ALIPAY_CERT|alipay_cert_sn/.test(message))
    return {
      variable: 'PROVIDER_B_ALIPAY_CERT',
      fix: "Alipay's current alipayCertPublicKey_RSA2.crt (add the newer file after the one you have)",
      remedy: { code: 'gateway.alipay_cert' },
    };
  if (/invalid-app-id|app-id/i.test(message))
    return {
      variable: 'PROVIDER_B_APP_ID',
      fix: 'the 16-digit id of the Alipay application (open.alipay.com → the app)',
      remedy: { code: 'gateway.app_id' },
    };
  if (/invalid-signature|sign/i.test(message) && !/verification/.test(message))
    return {
      variable: 'PROVIDER_B_APP_PRIVATE_KEY',
      fix: "the private key whose public half is set as the application's public key (接口加签方式) in the Alipay console",
      remedy: { code: 'gateway.private_key' },
    };
  if (/verification/.test(message))
    return {
      variable: 'PROVIDER_B_ALIPAY_PUBLIC_KEY',
      fix: 'the Alipay public key (支付宝公钥) shown next to the application public key',
      remedy: { code: 'gateway.alipay_public_key' },
    };
  if (/unreachable|timed out/.test(message))
    return {
      variable: 'PROVIDER_B_GATEWAY_URL',
      fix: 'network access to openapi.alipay.com:443, or unset it for the default gateway',
      remedy: { code: 'gateway.network' },
    };
  return {
    variable: 'PROVIDER_B_APP_ID',
    fix: 'an application with the 直付通 (ZFT) product signed',
    remedy: { code: 'gateway.zft_product' },
  };
}

async function checkProviderB(platformId: string): Promise<ConnectionCheck> {
  const externalId = `doctor_${randomBytes(8).toString('hex')}`;
  const request = `ant.merchant.expand.indirect.zftorder.query external_id=${externalId}`;
  const base = {
    upstream: 'providerB.gateway',
    call: `${request} (expects "no such order")`,
    requests: [request],
  } as const;
  try {
    const client = await configuredProviderBClient(upstreamHosts(platformId), platformId);
    await client.queryZftApplication({ externalId });
    return { ...base, ok: true, detail: 'signed query answered and verified', outcome: { code: 'gateway.verified' } };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      return {
        ...base,
        ok: true,
        detail: 'signed "no such order" answered and verified',
        outcome: { code: 'gateway.verified_not_found' },
      };
    return {
      ...base,
      ok: false,
      detail: messageOf(error),
      outcome: { code: 'gateway.refused' },
      upstreamMessage: messageOf(error),
      ...gatewayFix(messageOf(error)),
    };
  }
}

/** Runs every check (in sandbox mode against `platformId`'s namespace; live mode ignores it). */
export async function runConnectionChecks(platformId: string): Promise<ConnectionReport> {
  // One after the other: a slow upstream must not eat into the others' timeouts.
  const checks = [
    await checkProviderAPay(platformId),
    await checkProviderAComponent(platformId),
    await checkProviderB(platformId),
  ];
  return { upstreamMode: getEnv().UPSTREAM_MODE, checks };
}
