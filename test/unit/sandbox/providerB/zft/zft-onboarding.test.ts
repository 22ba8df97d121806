import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { listZftOrders, setZftOrderState, buildZftResultNotification, IMAGE_KIND } from '@/sandbox/providerB/index';
import {
  completeFormData,
  PNG_BYTES,
  startProviderBSandbox,
  type SandboxHarness,
} from '../../../../support/providerB-sandbox';

let sandbox: SandboxHarness;
beforeAll(async () => {
  sandbox = await startProviderBSandbox();
});
afterAll(() => sandbox.close());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as AppError,
  );

describe('ZFT onboarding: client ↔ sandbox over HTTP', () => {
  it('uploads an image and the sandbox keeps it', async () => {
    const { imageId } = await sandbox
      .client()
      .uploadImage({ bytes: PNG_BYTES, filename: 'a.png', mimeType: 'image/png' });
    expect(imageId).toMatch(/^[\w-]{32}$/);
    expect(await sandbox.store.get(IMAGE_KIND, imageId)).toMatchObject({ image_type: 'png', size: PNG_BYTES.length });
  });

  it('refuses an unsupported image type as upstream_rejected', async () => {
    const error = await rejection(
      sandbox.client().uploadImage({ bytes: PNG_BYTES, filename: 'a.tiff', mimeType: 'image/tiff' }),
    );
    expect(error?.code).toBe('upstream_rejected');
    expect(error?.message).toContain('isv.invalid-file-extension');
  });

  it('create → auditing → finished with a sub-merchant id', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const { orderId, replayed } = await client.createZftApplication({ externalId: 'sm_finished_1', formData });
    expect(orderId).toMatch(/^\d{28}$/);
    expect(replayed).toBe(false);

    const auditing = await client.queryZftApplication({ orderId });
    expect(auditing).toMatchObject({
      applymentId: orderId,
      externalId: 'sm_finished_1',
      state: 'auditing',
      rejectReasons: [],
    });
    expect(auditing.subMchid).toBeUndefined();

    await setZftOrderState(sandbox.store, orderId, { state: 'finished' });
    const finished = await client.queryZftApplication({ externalId: 'sm_finished_1' });
    expect(finished.state).toBe('finished');
    expect(finished.subMchid).toMatch(/^2088\d{12}$/);
    expect(finished.cardAliasNo).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a second create while under review replays the live order instead of opening another', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const first = await client.createZftApplication({ externalId: 'sm_replay', formData });
    const second = await client.createZftApplication({ externalId: 'sm_replay', formData });
    expect(second).toEqual({ orderId: first.orderId, replayed: true });
    expect((await listZftOrders(sandbox.store)).filter((o) => o.externalId === 'sm_replay')).toHaveLength(1);
  });

  it('rejection reasons map to formData names, and a re-create opens a new round', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const { orderId } = await client.createZftApplication({ externalId: 'sm_rejected', formData });
    await setZftOrderState(sandbox.store, orderId, {
      state: 'rejected',
      rejectReasons: [
        { field: 'cert_no', reason: '营业执照号码与名称不一致' },
        { field: 'in_door_images', reason: '门店内景照片不清晰' },
      ],
    });
    const rejected = await client.queryZftApplication({ orderId });
    expect(rejected.state).toBe('rejected');
    expect(rejected.rejectReasons).toEqual([
      { field: 'licenseNumber', reason: '营业执照号码与名称不一致' },
      { field: 'storeIndoorPics', reason: '门店内景照片不清晰' },
    ]);

    const again = await client.createZftApplication({ externalId: 'sm_rejected', formData });
    expect(again.orderId).not.toBe(orderId);
    expect(again.replayed).toBe(false);
    expect(await client.queryZftApplication({ externalId: 'sm_rejected' })).toMatchObject({
      applymentId: again.orderId,
      state: 'auditing',
    });
    expect(
      (await listZftOrders(sandbox.store))
        .filter((o) => o.externalId === 'sm_rejected')
        .map((o) => o.state)
        .sort(),
    ).toEqual(['auditing', 'rejected']);
  });

  it('every control state reads back as the same state', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    for (const state of ['to_be_confirmed', 'to_be_signed', 'signing', 'canceled'] as const) {
      const { orderId } = await client.createZftApplication({ externalId: `sm_state_${state}`, formData });
      await setZftOrderState(sandbox.store, orderId, { state: 'auditing' });
      await setZftOrderState(sandbox.store, orderId, { state });
      expect((await client.queryZftApplication({ orderId })).state).toBe(state);
    }
  });

  it('terminal orders do not move', async () => {
    const client = sandbox.client();
    const { orderId } = await client.createZftApplication({
      externalId: 'sm_terminal',
      formData: await completeFormData(client),
    });
    await setZftOrderState(sandbox.store, orderId, { state: 'canceled' });
    const error = await rejection(setZftOrderState(sandbox.store, orderId, { state: 'finished' }));
    expect(error?.code).toBe('conflict');
  });

  it('an unknown image id is upstream_rejected pointing at the formData field', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const error = await rejection(
      client.createZftApplication({
        externalId: 'sm_bad_image',
        formData: { ...formData, storeIndoorPics: [formData.storeIndoorPics![0]!, 'NoSuchImage'] },
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error?.code).toBe('upstream_rejected');
    expect(error?.errors).toEqual([
      expect.objectContaining({ pointer: '/formData/storeIndoorPics', code: 'INVALID_PARAMETER' }),
    ]);
    expect(await listZftOrders(sandbox.store)).not.toContainEqual(
      expect.objectContaining({ externalId: 'sm_bad_image' }),
    );
  });

  it('a field the upstream checks (ID number checksum) points at its formData name without echoing it', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const error = await rejection(
      client.createZftApplication({
        externalId: 'sm_bad_id',
        formData: { ...formData, idCardNumber: '110105194912310021' },
      }),
    );
    expect(error?.errors[0]?.pointer).toBe('/formData/idCardNumber');
    expect(JSON.stringify({ m: error?.message, e: error?.errors })).not.toContain('110105194912310021');
  });

  it('a missing required field points at its formData source', async () => {
    const client = sandbox.client();
    const formData = await completeFormData(client);
    const error = await rejection(
      client.createZftApplication({ externalId: 'sm_missing', formData: { ...formData, contactMobile: undefined } }),
    );
    expect(error?.errors[0]?.pointer).toBe('/formData/contactMobile');
  });
});

describe('ZFT result messages', () => {
  it('a passed message built by the sandbox verifies; a tampered one is refused', async () => {
    const client = sandbox.client();
    const { orderId } = await client.createZftApplication({
      externalId: 'sm_notify_ok',
      formData: await completeFormData(client),
    });
    const summary = await setZftOrderState(sandbox.store, orderId, { state: 'finished' });
    const message = await buildZftResultNotification(sandbox.store, orderId, { keys: sandbox.keys });

    const parsed = client.parseZftNotification(message.body);
    expect(parsed).toMatchObject({
      outcome: 'passed',
      state: 'finished',
      applymentId: orderId,
      externalId: 'sm_notify_ok',
      subMchid: summary.smid,
      appId: sandbox.keys.appId,
    });
    expect(client.parseZftNotification(new URLSearchParams(message.body)).applymentId).toBe(orderId);

    const forged = new URLSearchParams(message.body);
    forged.set('biz_content', forged.get('biz_content')!.replace(summary.smid!, '2088000000000000'));
    expect(() => client.parseZftNotification(forged)).toThrow(/signature/);
    const unsigned = new URLSearchParams(message.body);
    unsigned.delete('sign');
    expect(() => client.parseZftNotification(unsigned)).toThrow(AppError);
  });

  it('a rejected message carries mapped reasons; unfinished orders have no message', async () => {
    const client = sandbox.client();
    const { orderId } = await client.createZftApplication({
      externalId: 'sm_notify_rej',
      formData: await completeFormData(client),
    });
    expect((await rejection(buildZftResultNotification(sandbox.store, orderId, { keys: sandbox.keys })))?.code).toBe(
      'conflict',
    );
    await setZftOrderState(sandbox.store, orderId, {
      state: 'rejected',
      rejectReasons: [{ field: 'legal_cert_no', reason: '法人证件号码有误' }],
    });
    const message = await buildZftResultNotification(sandbox.store, orderId, { keys: sandbox.keys });
    expect(client.parseZftNotification(message.body)).toMatchObject({
      outcome: 'rejected',
      state: 'rejected',
      rejectReasons: [{ field: 'idCardNumber', reason: '法人证件号码有误' }],
    });
  });
});
