/**
 * `doctor`: one harmless signed call to each configured upstream, with the configuration the service runs
 * with (live: the environment; sandbox: the platform's sandbox namespace), and per upstream either what was
 * proven or the variable to fix and what it should hold.
 */
import { randomBytes } from 'node:crypto';
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
  ok: boolean;
  /** What the call proved (ok), or what went wrong. */
  detail: string;
  /** When not ok: the variable to fix and what it should hold. */
  variable?: string;
  fix?: string;
};

export type ConnectionReport = { upstreamMode: 'sandbox' | 'live'; checks: ConnectionCheck[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkProviderAPay(platformId: string): Promise<ConnectionCheck> {
  const mode = getEnv().PROVIDER_A_PAY_VERIFY_MODE;
  const call =
    mode === 'public_key'
      ? 'GET /v3/applyment4sub/applyment/business_code/doctor_… (expects a signed "no such application")'
      : 'GET /v3/certificates, then GET /v3/applyment4sub/applyment/business_code/doctor_…';
  try {
    const client = await configuredProviderAPayClient(upstreamHosts(platformId), platformId);
    let downloaded = '';
    if (mode !== 'public_key') {
      const certificates = await client.refreshPlatformCertificates().catch((error: unknown) => {
        if (/RESOURCE_NOT_EXISTS|NOT_FOUND/.test(messageOf(error)))
          throw Object.assign(new Error('WeChat Pay lists no platform certificates for this merchant'), {
            variable: 'PROVIDER_A_PAY_VERIFY_MODE',
            fix: 'public_key, with PROVIDER_A_PLATFORM_PUBLIC_KEY_ID and PROVIDER_A_PLATFORM_PUBLIC_KEY (this merchant uses the WeChat Pay public key)',
          });
        throw error;
      });
      const newest = certificates.reduce((a, b) => (Date.parse(b.effectiveTime) > Date.parse(a.effectiveTime) ? b : a));
      downloaded = `${certificates.length} platform certificate(s) downloaded and stored (newest ${newest.serialNo}, expires ${newest.expireTime}); `;
    }
    const result = await client.checkConnection();
    if (result.ok) return { upstream: 'providerA.pay', call, ok: true, detail: `${downloaded}${result.detail}` };
    return {
      upstream: 'providerA.pay',
      call,
      ok: false,
      detail: result.problem,
      variable: result.variable,
      fix: result.fix,
    };
  } catch (error) {
    const named = error as { variable?: string; fix?: string };
    if (named.variable)
      return {
        upstream: 'providerA.pay',
        call,
        ok: false,
        detail: messageOf(error),
        variable: named.variable,
        fix: named.fix,
      };
    const failure = payConnectionFailure(error);
    return {
      upstream: 'providerA.pay',
      call,
      ok: false,
      detail: failure.problem,
      variable: failure.variable,
      fix: failure.fix,
    };
  }
}

/** WeChat's errcodes for a component's own credentials (docs/upstream/providerA.md D.12). */
function componentFix(message: string): { variable: string; fix: string } {
  if (/40013|invalid appid/i.test(message))
    return { variable: 'PROVIDER_A_COMPONENT_APPID', fix: 'the third-party platform AppID (wx + 16 hex digits)' };
  if (/40125|41004|40001|secret/i.test(message))
    return {
      variable: 'PROVIDER_A_COMPONENT_SECRET',
      fix: "the third-party platform's AppSecret (reset it in the Open Platform if lost)",
    };
  if (/ticket/i.test(message))
    return {
      variable: 'PROVIDER_A_COMPONENT_TOKEN',
      fix: 'with PROVIDER_A_COMPONENT_AES_KEY, the values set in the Open Platform for the authorization event URL <PUBLIC_BASE_URL>/callbacks/providerA/auth-event, where WeChat pushes the ticket every ten minutes',
    };
  return {
    variable: 'PROVIDER_A_COMPONENT_APPID',
    fix: 'the credentials of the third-party platform this service runs',
  };
}

async function checkProviderAComponent(platformId: string): Promise<ConnectionCheck> {
  const db = await getDb();
  const scope = componentScope(platformId);
  const ticket = await readVerifyTicket(db, scope).catch(() => null);
  // With a ticket: a fresh component_access_token (appid, secret and ticket proven; it replaces the cached one,
  // which callers simply reuse). Without one yet: ask WeChat to push it (appid and secret proven).
  const call = ticket
    ? 'POST /cgi-bin/component/api_component_token'
    : 'POST /cgi-bin/component/api_start_push_ticket (no ticket received yet)';
  try {
    const component = createComponentClient(await componentClientOptions(upstreamHosts(platformId), platformId));
    if (!ticket) {
      await component.startPushTicket();
      return {
        upstream: 'providerA.component',
        call,
        ok: true,
        detail: 'credentials accepted; WeChat was asked to push a component_verify_ticket',
      };
    }
    const cached = await componentTokenCache(db, scope).get();
    await component.componentAccessToken({ invalidToken: cached?.token });
    return {
      upstream: 'providerA.component',
      call,
      ok: true,
      detail: 'component_access_token obtained with the stored ticket',
    };
  } catch (error) {
    return {
      upstream: 'providerA.component',
      call,
      ok: false,
      detail: messageOf(error),
      ...componentFix(messageOf(error)),
    };
  }
}

/** Alipay's sub_codes for the app's own configuration (docs/upstream/providerB.md). */
function gatewayFix(message: string): { variable: string; fix: string } {
  // Certificate mode (docs/configuration.md): the app certificate, the root, or a renewed Alipay certificate.
  if (/app-cert-not-exist|app_cert_sn/i.test(message))
    return {
      variable: 'PROVIDER_B_APP_CERT',
      fix: 'the appCertPublicKey_<appid>.crt issued for PROVIDER_B_APP_PRIVATE_KEY, as downloaded from the Alipay console',
    };
  if (/root-cert|root_cert/i.test(message))
    return { variable: 'PROVIDER_B_ALIPAY_ROOT_CERT', fix: 'alipayRootCert.crt as downloaded from the Alipay console' };
  if (/PROVIDER_B_ALIPAY_CERT|alipay_cert_sn/.test(message))
    return {
      variable: 'PROVIDER_B_ALIPAY_CERT',
      fix: "Alipay's current alipayCertPublicKey_RSA2.crt (add the newer file after the one you have)",
    };
  if (/invalid-app-id|app-id/i.test(message))
    return {
      variable: 'PROVIDER_B_APP_ID',
      fix: 'the 16-digit id of the Alipay application (open.alipay.com → the app)',
    };
  if (/invalid-signature|sign/i.test(message) && !/verification/.test(message))
    return {
      variable: 'PROVIDER_B_APP_PRIVATE_KEY',
      fix: "the private key whose public half is set as the application's public key (接口加签方式) in the Alipay console",
    };
  if (/verification/.test(message))
    return {
      variable: 'PROVIDER_B_ALIPAY_PUBLIC_KEY',
      fix: 'the Alipay public key (支付宝公钥) shown next to the application public key',
    };
  if (/unreachable|timed out/.test(message))
    return {
      variable: 'PROVIDER_B_GATEWAY_URL',
      fix: 'network access to openapi.alipay.com:443, or unset it for the default gateway',
    };
  return { variable: 'PROVIDER_B_APP_ID', fix: 'an application with the 直付通 (ZFT) product signed' };
}

async function checkProviderB(platformId: string): Promise<ConnectionCheck> {
  const externalId = `doctor_${randomBytes(8).toString('hex')}`;
  const call = `ant.merchant.expand.indirect.zftorder.query external_id=${externalId} (expects "no such order")`;
  try {
    const client = await configuredProviderBClient(upstreamHosts(platformId), platformId);
    await client.queryZftApplication({ externalId });
    return { upstream: 'providerB.gateway', call, ok: true, detail: 'signed query answered and verified' };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      return { upstream: 'providerB.gateway', call, ok: true, detail: 'signed "no such order" answered and verified' };
    return {
      upstream: 'providerB.gateway',
      call,
      ok: false,
      detail: messageOf(error),
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
