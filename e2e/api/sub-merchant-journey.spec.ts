import { expect, test } from '@playwright/test';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import { apiClient, uploadJpeg } from '../support/api-client';
import { sandboxControlHeaders } from '../support/provision';

/**
 * The integrator's whole journey over HTTP against the production build, through the typed client, with the
 * built-in sandbox as the upstream (the server calls its own /sandbox routes over loopback with real signatures).
 */
test('create → upload images → submit → replay → sandbox finishes → active with a sub-merchant id', async ({
  request,
}) => {
  const api = apiClient();
  const distributor = `e2e-seller-${Date.now()}`;
  const created = await api.POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: distributor, commissionRate: 0.6 },
  });
  expect(created.response.status).toBe(201);
  const record = created.data!;

  const [license, front, back, entrance, indoor] = [
    await uploadJpeg(api, '#111111'),
    await uploadJpeg(api, '#222222'),
    await uploadJpeg(api, '#333333'),
    await uploadJpeg(api, '#444444'),
    await uploadJpeg(api, '#555555'),
  ];
  const formData = completeFormDataFixture({
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
  });
  const submitPath = { params: { path: { id: record.id } } };

  const incomplete = await api.POST('/v1/payments/sub-merchants/{id}/submit', {
    ...submitPath,
    body: { formData: { contactName: '张三' } },
  });
  expect(incomplete.response.status).toBe(422);
  expect(incomplete.error?.code).toBe('form_incomplete');

  const submitted = await api.POST('/v1/payments/sub-merchants/{id}/submit', { ...submitPath, body: { formData } });
  expect(submitted.response.status).toBe(200);
  const afterSubmit = submitted.data!;
  expect(afterSubmit).toMatchObject({ replayed: false, status: 'pending' });
  expect(afterSubmit.formData.idCardNumber).toMatch(/^\*+002X$/);

  const finished = await request.post(`/sandbox/control/providerA/applyments/${afterSubmit.chApplymentId}`, {
    headers: sandboxControlHeaders(),
    data: { state: 'finished' },
  });
  expect(finished.status()).toBe(200);
  const replay = await api.POST('/v1/payments/sub-merchants/{id}/submit', { ...submitPath, body: {} });
  const active = replay.data!;
  expect(active).toMatchObject({ replayed: true, status: 'active', chApplymentState: 'finished' });
  expect(active.chSubMchid).toBeTruthy();

  const read = await api.GET('/v1/payments/sub-merchants/{id}', submitPath);
  expect(read.response.status).toBe(200);
  const etag = read.response.headers.get('etag')!;
  expect(etag).toBeTruthy();
  const unchanged = await api.GET('/v1/payments/sub-merchants/{id}', {
    params: { path: { id: record.id }, header: { 'If-None-Match': etag } },
  });
  expect(unchanged.response.status).toBe(304);
  expect(unchanged.data).toBeUndefined();
});
