import { beforeAll, expect, it } from 'vitest';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { AppError } from '@/server/errors';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { completeFormDataFixture } from '../support/form-data-fixtures';
import { formDataFromReference } from '../support/sub-merchants';

const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

describeEachDatabase('the app’s sandbox routes over HTTP, driven by the real provider clients', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
  });

  for (const name of ['providerA', 'providerB'] as const) {
    it(`${name}: upload, submit, query, control → finished, with state kept in the database`, async () => {
      const provider = await onboardingProvider(name, platform.platformId);
      const { mediaId } = await provider.uploadImage({ bytes: jpeg, filename: 'license.jpg', mimeType: 'image/jpeg' });
      const formData = completeFormDataFixture({
        ...formDataFromReference(name),
        licenseCopy: mediaId,
        idCardCopy: mediaId,
        idCardNational: mediaId,
        storeEntrancePics: [mediaId],
        storeIndoorPics: [mediaId],
      });
      const submissionId = `test_${name}_${Date.now()}`;
      const { applymentId } = await provider.submitApplication({ submissionId, formData });
      expect((await provider.queryApplication({ submissionId }))?.state).toMatch(/submitted|auditing/);
      const moved = await sandbox.control(platform.apiKey, 'POST', `/${name}/applyments/${applymentId}`, {
        state: 'finished',
      });
      expect(moved.status).toBe(200);
      const finished = await provider.queryApplication({ submissionId });
      expect(finished?.state).toBe('finished');
      expect(finished?.subMchid).toBeTruthy();
      const listed = await sandbox.control(platform.apiKey, 'GET', `/${name}/applyments`);
      expect(JSON.stringify(listed.body)).toContain(applymentId);
    });

    it(`${name}: an injected 500 fault that outlasts the retries surfaces as upstream_unavailable, then clears`, async () => {
      expect(
        (await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider: name, status: 503, count: 10 }])).status,
      ).toBe(200);
      const error = await (
        await onboardingProvider(name, platform.platformId)
      )
        .queryApplication({ submissionId: 'whatever' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('upstream_unavailable');
      expect((await sandbox.control(platform.apiKey, 'DELETE', '/faults')).status).toBe(204);
      expect(
        await (
          await onboardingProvider(name, platform.platformId)
        ).queryApplication({ submissionId: `unknown_${Date.now()}` }),
      ).toBeNull();
    });
  }

  it('the control API refuses unknown providers, unknown applications and bad states', async () => {
    expect(
      (await sandbox.control(platform.apiKey, 'POST', '/providerC/applyments/1', { state: 'finished' })).status,
    ).toBe(404);
    expect(
      (await sandbox.control(platform.apiKey, 'POST', '/providerA/applyments/999', { state: 'finished' })).status,
    ).toBe(404);
    expect(
      (await sandbox.control(platform.apiKey, 'POST', '/providerA/applyments/999', { state: 'approved' })).status,
    ).toBe(400);
    expect(
      (await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider: 'providerA', status: 200 }])).status,
    ).toBe(400);
  });
});
