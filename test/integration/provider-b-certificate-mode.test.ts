/**
 * Alipay certificate mode end to end over HTTP against the sandbox: the platform's namespace is switched with the
 * control API, the service follows on its next request (serials sent, answers verified by the certificate the
 * gateway names), a tampered answer is refused, and a client that lacks the certificate an answer names gets an
 * error naming the serial and the variable to fix.
 */
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { createProviderBClient } from '@/server/providers/providerB';
import { upstreamHosts } from '@/server/upstreams/hosts';
import { sandboxKeys } from '@/sandbox/sandbox-context';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { fixture } from '../support/providerB-fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

type SigningMode = {
  mode: string;
  certificates: { appCertPem: string; alipayRootCertPem: string; alipayCertPem: string };
  serials: { appCertSn: string; alipayRootCertSn: string; alipayCertSn: string };
};

describeEachDatabase('Alipay certificate mode against the sandbox', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let api: ReturnType<typeof paymentsApi>;
  let knownOrderId = '';
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
  });
  const dueNow = () =>
    database()
      .db.update(subMerchants)
      .set({ nextSyncAt: sql`now() - interval '1 second'` });
  const switchTo = async (mode: 'public_key' | 'certificate') => {
    const response = await sandbox.control(platform.apiKey, 'PUT', '/providerB/signing-mode', { mode });
    expect(response.status).toBe(200);
    return response.body as unknown as SigningMode;
  };

  /** A client as an integrator configures it from the control API's answer, recording the raw exchanges. */
  async function directClient(certificates?: SigningMode['certificates']) {
    const { appId, appPrivateKeyPem, alipayPublicKeyPem } = (await sandboxKeys(platform.platformId)).providerB;
    const wire: { url: string; body: string }[] = [];
    const client = createProviderBClient({
      baseUrl: upstreamHosts(platform.platformId).providerBGateway,
      appId,
      appPrivateKeyPem,
      alipayPublicKeyPem,
      certificates,
      retry: { attempts: 1, baseDelayMs: 1 },
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        wire.push({ url: String(url), body: await response.clone().text() });
        return response;
      },
    });
    return { client, wire };
  }
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as AppError,
    );

  it('defaults to public-key mode and describes the certificate files and their serials', async () => {
    const described = (await sandbox.control(platform.apiKey, 'GET', '/providerB/signing-mode'))
      .body as unknown as SigningMode;
    expect(described.mode).toBe('public_key');
    expect(described.certificates.appCertPem).toContain('BEGIN CERTIFICATE');
    expect(described.serials.alipayRootCertSn).toMatch(/^[0-9a-f]{32}$/);
    expect(described.serials.appCertSn).not.toBe(described.serials.alipayCertSn);
    expect((await sandbox.control(platform.apiKey, 'PUT', '/providerB/signing-mode', { mode: 'pgp' })).status).toBe(
      400,
    );
  });

  it('submits an application and follows it to active in certificate mode', async () => {
    const { serials } = await switchTo('certificate');
    const { body: created } = await api.create({
      distributorExternalUserId: 'cert-mode-seller',
      provider: 'providerB',
    });
    const submitted = await api.submit(created.id, { formData: await completeFormData(api, 'providerB') });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const applymentId = submitted.body.chApplymentId as string;
    knownOrderId = applymentId;

    await sandbox.control(platform.apiKey, 'POST', `/providerB/applyments/${applymentId}`, { state: 'finished' });
    await dueNow();
    await syncDueSubMerchants({ db: database().db, actor: 'test' });
    expect((await api.get(created.id)).body).toMatchObject({ status: 'active', chApplymentState: 'finished' });

    // What crossed the wire: the serials on the request, the Alipay certificate's serial in the answer.
    const { client, wire } = await directClient((await switchTo('certificate')).certificates);
    await client.queryZftApplication({ orderId: applymentId });
    const query = new URL(wire[0]!.url).searchParams;
    expect(query.get('app_cert_sn')).toBe(serials.appCertSn);
    expect(query.get('alipay_root_cert_sn')).toBe(serials.alipayRootCertSn);
    expect(JSON.parse(wire[0]!.body)).toMatchObject({ alipay_cert_sn: serials.alipayCertSn });
  });

  it('refuses a request without the serials, or with another root, as the gateway does', async () => {
    const { certificates } = await switchTo('certificate');
    const bare = await failure((await directClient()).client.queryZftApplication({ orderId: '1' }));
    expect(bare.message).toContain('isv.app-cert-not-exist');
    const otherRoot = await failure(
      (
        await directClient({ ...certificates, alipayRootCertPem: fixture('alipayRootCert.crt') })
      ).client.queryZftApplication({ orderId: '1' }),
    );
    expect(otherRoot.message).toContain('isv.invalid-alipay-root-cert-sn');
  });

  it('follows a mode switch between two requests without a restart', async () => {
    const { body: created } = await api.create({
      distributorExternalUserId: 'mode-switch-seller',
      provider: 'providerB',
    });
    await switchTo('public_key');
    const first = await api.submit(created.id, { formData: await completeFormData(api, 'providerB') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await switchTo('certificate');
    // The result reaches the record only through a query, which the gateway now refuses without the serials.
    await sandbox.control(platform.apiKey, 'POST', `/providerB/applyments/${first.body.chApplymentId as string}`, {
      state: 'finished',
    });
    await dueNow();
    await syncDueSubMerchants({ db: database().db, actor: 'test' });
    expect((await api.get(created.id)).body).toMatchObject({ status: 'active', chApplymentState: 'finished' });
    const { client, wire } = await directClient();
    await switchTo('public_key');
    await client.queryZftApplication({ orderId: first.body.chApplymentId as string });
    expect(JSON.parse(wire[0]!.body)).not.toHaveProperty('alipay_cert_sn');
  });

  it('refuses a tampered answer in certificate mode', async () => {
    await switchTo('certificate');
    const { body: created } = await api.create({ distributorExternalUserId: 'tamper-seller', provider: 'providerB' });
    const formData = await completeFormData(api, 'providerB');
    await sandbox.control(platform.apiKey, 'PUT', '/faults', [
      { provider: 'providerB', tamper: true, match: 'zft.create' },
    ]);
    try {
      const submitted = await api.submit(created.id, { formData });
      expect(submitted.status).toBe(502);
      expect(submitted.body.code).toBe('upstream_unavailable');
    } finally {
      await sandbox.control(platform.apiKey, 'DELETE', '/faults');
    }
  });

  it('verifies with the certificate the answer names; an unknown serial names itself and the fix', async () => {
    const { certificates, serials } = await switchTo('certificate');
    const published = fixture('alipayCertPublicKey_RSA2.crt');
    const stale = await failure(
      (await directClient({ ...certificates, alipayCertPem: published })).client.queryZftApplication({ orderId: '1' }),
    );
    expect(stale.code).toBe('upstream_unavailable');
    expect(stale.message).toContain(serials.alipayCertSn);
    expect(stale.message).toContain('PROVIDER_B_ALIPAY_CERT');
    // Both certificates configured (as after Alipay renews its certificate): the named one verifies.
    const renewed = await directClient({
      ...certificates,
      alipayCertPem: `${published}\n${certificates.alipayCertPem}`,
    });
    const answer = await renewed.client.queryZftApplication({ orderId: knownOrderId });
    expect(answer).toMatchObject({ applymentId: knownOrderId, state: 'finished' });
    expect(JSON.parse(renewed.wire[0]!.body)).toMatchObject({ alipay_cert_sn: serials.alipayCertSn });
  });
});
