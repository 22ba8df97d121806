import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createOnboardingClient, uploadMedia } from '../../clients/typescript/index';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import { provision, sandboxControlHeaders } from '../support/provision';

/**
 * An integrator's onboarding through the generated client (clients/typescript) against the production build: the
 * compiler checks every call against the OpenAPI document, and this run checks the document against the service.
 */
test('typed client: create → upload media → submit → sandbox approves → the events tell the story', async ({
  baseURL,
  request,
}) => {
  const api = createOnboardingClient({ baseUrl: baseURL!, apiKey: provision().apiKey });
  const distributorExternalUserId = `client-seller-${Date.now()}`;
  const key = `create-${distributorExternalUserId}`;

  const created = await api.POST('/v1/payments/sub-merchants', {
    params: { header: { 'Idempotency-Key': key } },
    body: { distributorExternalUserId, commissionRate: 0.6 },
  });
  expect(created.response.status).toBe(201);
  const record = created.data!;
  // A retry with the same key is answered from the first answer.
  const retried = await api.POST('/v1/payments/sub-merchants', {
    params: { header: { 'Idempotency-Key': key } },
    body: { distributorExternalUserId, commissionRate: 0.6 },
  });
  expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
  expect(retried.data).toEqual(record);
  const reused = await api.POST('/v1/payments/sub-merchants', {
    params: { header: { 'Idempotency-Key': key } },
    body: { distributorExternalUserId: `${distributorExternalUserId}-other` },
  });
  expect(reused.response.status).toBe(422);
  expect(reused.error).toMatchObject({ code: 'idempotency_key_reused' });

  const image = async (background: string) =>
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 80, height: 60, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ]);
  const upload = async (background: string) => {
    const { data, response } = await uploadMedia(api, { file: await image(background), filename: 'photo.jpg' });
    expect(response.status).toBe(201);
    return data!.mediaId;
  };
  const formData = completeFormDataFixture({
    licenseCopy: await upload('#a11111'),
    idCardCopy: await upload('#a22222'),
    idCardNational: await upload('#a33333'),
    storeEntrancePics: [await upload('#a44444')],
    storeIndoorPics: [await upload('#a55555')],
  });

  const submitted = await api.POST('/v1/payments/sub-merchants/{id}/submit', {
    params: { path: { id: record.id } },
    body: { formData },
  });
  expect(submitted.response.status).toBe(200);
  expect(submitted.data).toMatchObject({ replayed: false, status: 'pending' });

  // The upstream's reviewers, played in the platform's sandbox.
  const moved = await request.post(`/sandbox/control/providerA/applyments/${submitted.data!.chApplymentId}`, {
    headers: sandboxControlHeaders(),
    data: { state: 'finished' },
  });
  expect(moved.status()).toBe(200);
  const replay = await api.POST('/v1/payments/sub-merchants/{id}/submit', {
    params: { path: { id: record.id } },
    body: {},
  });
  expect(replay.data).toMatchObject({ replayed: true, status: 'active' });

  const events = await api.GET('/v1/events', {
    params: { header: { 'X-Service-Code': 'payments' }, query: { objectId: record.id, limit: 100 } },
  });
  expect(events.response.status).toBe(200);
  const statuses = events.data!.data.map((e) => (e.data.object as { status?: string } | undefined)?.status);
  expect(statuses).toContain('active');
  expect(events.data!.data.every((e) => e.type === 'sub_merchant.updated')).toBe(true);
  const newest = events.data!.data[0]!;
  const one = await api.GET('/v1/events/{id}', {
    params: { header: { 'X-Service-Code': 'payments' }, path: { id: newest.id } },
  });
  expect(one.data).toEqual(newest);
});
