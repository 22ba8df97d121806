/**
 * WeChat Pay's three verification modes end to end: the service's own adapters (as sandbox mode wires them)
 * against the sandbox over HTTP, the sandbox merchant switched and rotated through the control API.
 */
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { providerCredentials } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { createProviderAPayClient } from '@/server/providers/providerA/pay/client';
import { providerAPayCredentials } from '@/server/upstreams/credentials';
import { upstreamHosts } from '@/server/upstreams/hosts';
import { onboardingProvider, resetOnboardingProvidersForTests } from '@/server/upstreams/onboarding';
import { refreshPlatformCertificates } from '@/server/services/upstream-connections/refresh-platform-certificates';
import { platformCertificateStore } from '@/server/upstreams/platform-certificate-store';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormDataFixture } from '../support/form-data-fixtures';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { formDataFromReference } from '../support/sub-merchants';

const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

function verifyMode(mode: 'public_key' | 'platform_certificate' | 'both') {
  process.env.PROVIDER_A_PAY_VERIFY_MODE = mode;
  resetEnvForTests();
  resetOnboardingProvidersForTests();
}

describeEachDatabase('WeChat Pay platform keys: public key, platform certificates, both', (database) => {
  const sandbox = useSandboxOverHttp();
  afterEach(() => {
    delete process.env.PROVIDER_A_PAY_VERIFY_MODE;
    resetEnvForTests();
    resetOnboardingProvidersForTests();
  });

  async function newPlatform() {
    return createPlatformWithKey(database().db);
  }

  async function submit(platformId: string) {
    const provider = await onboardingProvider('providerA', platformId);
    const { mediaId } = await provider.uploadImage({ bytes: jpeg, filename: 'license.jpg', mimeType: 'image/jpeg' });
    const formData = completeFormDataFixture({
      ...formDataFromReference('providerA'),
      licenseCopy: mediaId,
      idCardCopy: mediaId,
      idCardNational: mediaId,
      storeEntrancePics: [mediaId],
      storeIndoorPics: [mediaId],
    });
    const submissionId = `cert_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const { applymentId } = await provider.submitApplication({ submissionId, formData });
    return { submissionId, applymentId, formData, provider };
  }

  const platformKeys = (apiKey: string) => sandbox.control(apiKey, 'GET', '/providerA/platform-keys');
  const setMode = (apiKey: string, mode: string) =>
    sandbox.control(apiKey, 'PUT', '/providerA/platform-keys', { mode });
  const rotate = (apiKey: string) => sandbox.control(apiKey, 'POST', '/providerA/platform-keys/rotate');

  async function storedRow(platformId: string) {
    const [row] = await database()
      .db.select()
      .from(providerCredentials)
      .where(eq(providerCredentials.name, `providerA.platform_certificates:${platformId}`));
    return row;
  }

  it('platform certificates: submit, rotate in the middle, poll (one refresh), resubmit under the new certificate', async () => {
    const p = await newPlatform();
    const switched = await setMode(p.apiKey, 'certificate');
    expect(switched.status).toBe(200);
    const first = (switched.body as { signingSerial: string }).signingSerial;
    expect(first).toMatch(/^[0-9A-F]{40}$/);
    verifyMode('platform_certificate');

    const { submissionId, applymentId, provider, formData } = await submit(p.platformId);
    expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/submitted|auditing/);
    // Stored sealed: no certificate text in the database, only the field cipher's envelope.
    const sealed = await storedRow(p.platformId);
    expect(sealed?.valueEnc).toBeTruthy();
    expect(sealed!.valueEnc).not.toContain('CERTIFICATE');
    expect(sealed!.valueEnc).not.toContain(first);

    const rotated = await rotate(p.apiKey);
    const second = (rotated.body as { signingSerial: string; certificates: unknown[] }).signingSerial;
    expect(second).not.toBe(first);
    expect((rotated.body as { certificates: unknown[] }).certificates).toHaveLength(2);

    // The next answer names the new serial: the adapter fetches the list once and verifies with it.
    await sandbox.control(p.apiKey, 'POST', `/providerA/applyments/${applymentId}`, {
      state: 'rejected',
      rejectReasons: [{ field: 'merchant_shortname', reason: 'too short' }],
    });
    expect((await provider.queryApplication({ submissionId }))?.state).toBe('rejected');
    const refreshed = await storedRow(p.platformId);
    expect(refreshed!.updatedAt.getTime()).toBeGreaterThan(sealed!.updatedAt.getTime());

    // The resubmission encrypts with the newest certificate: the sandbox accepts it under the new serial.
    await provider.submitApplication({ submissionId, formData });
    expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/auditing/);
  });

  it('an unknown serial fetches the certificates once, shared by concurrent callers and instances', async () => {
    const p = await newPlatform();
    await setMode(p.apiKey, 'certificate');
    verifyMode('platform_certificate');
    const { submissionId } = await submit(p.platformId);
    const downloads: string[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/v3/certificates')) downloads.push(url);
      return fetch(input, init);
    };
    // Four "instances": four clients over the same database-backed store.
    const clients = await Promise.all(
      [1, 2, 3, 4].map(async () =>
        createProviderAPayClient({
          baseUrl: upstreamHosts(p.platformId).providerAPay,
          fetch: countingFetch,
          ...(await providerAPayCredentials(p.platformId)),
        }),
      ),
    );
    // The list the service's adapter stored is reused: nothing is downloaded for a known serial.
    expect((await clients[0]!.queryApplymentByBusinessCode(submissionId))?.state).toBe('auditing');
    expect(downloads).toHaveLength(0);
    await rotate(p.apiKey);
    const answers = await Promise.all(clients.map((c) => c.queryApplymentByBusinessCode(submissionId)));
    expect(answers.map((a) => a?.state)).toEqual(['auditing', 'auditing', 'auditing', 'auditing']);
    expect(downloads).toHaveLength(1);
  });

  it('a mode switch and a rotation stay in the platform’s own sandbox namespace', async () => {
    const [a, b] = [await newPlatform(), await newPlatform()];
    await setMode(a.apiKey, 'certificate');
    const before = (await platformKeys(a.apiKey)).body;
    await setMode(b.apiKey, 'both');
    await rotate(b.apiKey);
    expect((await platformKeys(a.apiKey)).body).toEqual(before);
    expect((await platformKeys(b.apiKey)).body).toMatchObject({ mode: 'both' });
  });

  it('public-key mode: verifies PUB_KEY_ID answers; a merchant switched to certificates is refused clearly', async () => {
    const p = await newPlatform();
    verifyMode('public_key');
    const { submissionId, provider } = await submit(p.platformId);
    expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/auditing/);
    await setMode(p.apiKey, 'certificate');
    const error = await provider.queryApplication({ submissionId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/unknown Wechatpay-Serial [0-9A-F]{40}/);
  });

  it('both (migration): a mode switch between two requests is followed, each answer verified by its serial kind', async () => {
    const p = await newPlatform();
    verifyMode('both');
    const { submissionId, provider } = await submit(p.platformId);
    expect((await platformKeys(p.apiKey)).body).toMatchObject({ mode: 'public_key' });
    // Nothing downloaded while WeChat signs with the public key.
    expect((await storedRow(p.platformId))?.valueEnc ?? null).toBeNull();
    await setMode(p.apiKey, 'both');
    expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/auditing/);
    expect((await storedRow(p.platformId))?.valueEnc).toBeTruthy();
    await setMode(p.apiKey, 'public_key');
    expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/auditing/);
    // Sensitive fields go under the public key, which the migrating merchant accepts.
    await setMode(p.apiKey, 'both');
    const { submissionId: second } = await submit(p.platformId);
    expect((await provider.queryApplication({ submissionId: second }))?.state).toMatch(/auditing/);
  });

  it('the scheduled refresh downloads a rotated list before any answer is signed with it', async () => {
    const p = await newPlatform();
    await setMode(p.apiKey, 'certificate');
    verifyMode('platform_certificate');
    await submit(p.platformId); // downloads and stores the first list
    const { certificates } = (await rotate(p.apiKey)).body as { certificates: { serialNo: string }[] };
    const result = await refreshPlatformCertificates({ db: database().db, actor: 'test' });
    expect(result.failed).toBe(0);
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const stored = await platformCertificateStore(p.platformId).get();
    expect(stored?.certificates.map((c) => c.serialNo).sort()).toEqual(certificates.map((c) => c.serialNo).sort());
  });

  it('a tampered answer is refused; a certificate list the APIv3 key does not open is named', async () => {
    const p = await newPlatform();
    await setMode(p.apiKey, 'certificate');
    verifyMode('platform_certificate');
    const { provider, submissionId } = await submit(p.platformId);
    await sandbox.control(p.apiKey, 'PUT', '/faults', [{ provider: 'providerA', tamper: true, count: 1 }]);
    const tampered = await provider.queryApplication({ submissionId }).catch((e: unknown) => e);
    expect((tampered as AppError).code).toBe('upstream_unavailable');
    expect((tampered as AppError).message).toMatch(/verification/);

    const credentials = await providerAPayCredentials(p.platformId);
    if (credentials.platform.mode !== 'downloadedCertificates') throw new Error('expected downloaded certificates');
    const wrongKey = createProviderAPayClient({
      baseUrl: upstreamHosts(p.platformId).providerAPay,
      ...credentials,
      platform: { ...credentials.platform, apiV3Key: 'X'.repeat(32) },
    });
    await expect(wrongKey.refreshPlatformCertificates()).rejects.toThrow(/does not decrypt with the APIv3 key/);
  });
});
