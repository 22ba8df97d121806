import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import { provision, sandboxControlHeaders } from '../support/provision';

/**
 * The integrator's whole journey over HTTP against the production build, with the built-in sandbox as the
 * upstream (the server calls its own /sandbox routes over loopback with real signatures).
 */
test('create → upload images → submit → replay → sandbox finishes → active with a sub-merchant id', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${provision().apiKey}`, 'x-service-code': 'payments' };
  const distributor = `e2e-seller-${Date.now()}`;
  const created = await request.post('/v1/payments/sub-merchants', {
    headers,
    data: { distributorExternalUserId: distributor, commissionRate: 0.6 },
  });
  expect(created.status()).toBe(201);
  const record = await created.json();

  const upload = async (colour: string) => {
    const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const response = await request.post('/v1/payments/media', {
      headers,
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes } },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).mediaId as string;
  };
  const [license, front, back, entrance, indoor] = [
    await upload('#111111'),
    await upload('#222222'),
    await upload('#333333'),
    await upload('#444444'),
    await upload('#555555'),
  ];
  const formData = completeFormDataFixture({
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance!],
    storeIndoorPics: [indoor!],
  });

  const incomplete = await request.post(`/v1/payments/sub-merchants/${record.id}/submit`, {
    headers,
    data: { formData: { contactName: '张三' } },
  });
  expect(incomplete.status()).toBe(422);
  expect((await incomplete.json()).code).toBe('form_incomplete');

  const submitted = await request.post(`/v1/payments/sub-merchants/${record.id}/submit`, {
    headers,
    data: { formData },
  });
  expect(submitted.status()).toBe(200);
  const afterSubmit = await submitted.json();
  expect(afterSubmit).toMatchObject({ replayed: false, status: 'pending' });
  expect(afterSubmit.formData.idCardNumber).toMatch(/^\*+002X$/);

  const finished = await request.post(`/sandbox/control/providerA/applyments/${afterSubmit.chApplymentId}`, {
    headers: sandboxControlHeaders(),
    data: { state: 'finished' },
  });
  expect(finished.status()).toBe(200);
  const replay = await request.post(`/v1/payments/sub-merchants/${record.id}/submit`, { headers, data: {} });
  const active = await replay.json();
  expect(active).toMatchObject({ replayed: true, status: 'active', chApplymentState: 'finished' });
  expect(active.chSubMchid).toBeTruthy();

  const etag = (await request.get(`/v1/payments/sub-merchants/${record.id}`, { headers })).headers()['etag']!;
  expect(
    (
      await request.get(`/v1/payments/sub-merchants/${record.id}`, { headers: { ...headers, 'if-none-match': etag } })
    ).status(),
  ).toBe(304);
});
