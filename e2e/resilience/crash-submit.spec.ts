import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import {
  crashDatabases,
  serviceUrl,
  startCrashRig,
  untilFaultFired,
  untilStatus,
  v1,
  type CrashRig,
} from '../support/crash-rig';

/** Five real JPEGs uploaded through the service (the upstream learns their media ids). */
async function uploadedImages(rig: CrashRig) {
  const upload = async (colour: string) => {
    const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${serviceUrl}/v1/payments/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rig.platform.apiKey}`, 'x-service-code': 'payments' },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { mediaId: string }).mediaId;
  };
  const [license, front, back, entrance, indoor] = [
    await upload('#111111'),
    await upload('#222222'),
    await upload('#333333'),
    await upload('#444444'),
    await upload('#555555'),
  ];
  return {
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance!],
    storeIndoorPics: [indoor!],
  };
}

for (const kind of crashDatabases()) {
  test(`[${kind}] SIGKILL while the upstream holds a submit: after restart the retry adopts that application, exactly one upstream`, async () => {
    test.setTimeout(240_000);
    const rig = await startCrashRig(kind, { UPSTREAM_TIMEOUT_MS: '8000' });
    try {
      const created = await v1(rig, 'payments', 'POST', '/v1/payments/sub-merchants', {
        distributorExternalUserId: `crash-seller-${kind}`,
        provider: 'providerA',
      });
      expect(created.status).toBe(201);
      const formData = completeFormDataFixture(await uploadedImages(rig));

      // The upstream creates the application and holds its answer: the worst moment, the answer is what the crash loses.
      await rig.control('PUT', '/faults', [
        { provider: 'providerA', match: '/v3/applyment4sub/applyment/', answerDelayMs: 20_000, count: 1 },
      ]);
      const inFlight = v1(rig, 'payments', 'POST', `/v1/payments/sub-merchants/${created.body.id}/submit`, {
        formData,
      }).catch((error: Error) => error);
      await untilFaultFired(rig);
      await expect
        .poll(async () => ((await rig.control('GET', '/providerA/applyments')).body!.data as unknown[]).length, {
          timeout: 10_000,
        })
        .toBe(1);
      await rig.crash();
      expect(await inFlight).toBeInstanceOf(Error); // the caller saw the connection drop, not an answer

      await rig.restart();
      const stored = await v1(rig, 'payments', 'GET', `/v1/payments/sub-merchants/${created.body.id}`);
      expect(stored.body.chApplymentState).toBe('submitted'); // written before the upstream call
      expect(stored.body.chApplymentId).toBeUndefined();

      // The lease of the dead request expires on its own; meanwhile a retry is told to wait (409), never duplicated.
      const retried = await untilStatus(
        () => v1(rig, 'payments', 'POST', `/v1/payments/sub-merchants/${created.body.id}/submit`, {}),
        200,
      );
      expect(retried.body.replayed).toBe(true);
      const upstream = (await rig.control('GET', '/providerA/applyments')).body!.data as { applymentId: string }[];
      expect(upstream).toHaveLength(1);
      expect(retried.body.chApplymentId).toBe(upstream[0]!.applymentId);
    } finally {
      await rig.stop();
    }
  });
}
