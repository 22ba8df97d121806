import { expect, test } from '@playwright/test';
import type { OnboardingClient } from '../../clients/typescript/index';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import { uploadJpeg } from '../support/api-client';
import { crashDatabases, rigApi, startCrashRig, untilFaultFired, untilStatus } from '../support/crash-rig';

/** Five real JPEGs uploaded through the service (the upstream learns their media ids). */
async function uploadedImages(api: OnboardingClient) {
  const [license, front, back, entrance, indoor] = [
    await uploadJpeg(api, '#111111'),
    await uploadJpeg(api, '#222222'),
    await uploadJpeg(api, '#333333'),
    await uploadJpeg(api, '#444444'),
    await uploadJpeg(api, '#555555'),
  ];
  return {
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
  };
}

for (const kind of crashDatabases()) {
  test(`[${kind}] SIGKILL while the upstream holds a submit: after restart the retry adopts that application, exactly one upstream`, async () => {
    test.setTimeout(240_000);
    const rig = await startCrashRig(kind, { UPSTREAM_TIMEOUT_MS: '8000' });
    try {
      const api = rigApi(rig);
      const created = await api.POST('/v1/payments/sub-merchants', {
        body: { distributorExternalUserId: `crash-seller-${kind}`, provider: 'providerA' },
      });
      expect(created.response.status).toBe(201);
      const record = { params: { path: { id: created.data!.id } } };
      const formData = completeFormDataFixture(await uploadedImages(api));

      // The upstream creates the application and holds its answer: the worst moment, the answer is what the crash loses.
      await rig.control('PUT', '/faults', [
        { provider: 'providerA', match: '/v3/applyment4sub/applyment/', answerDelayMs: 20_000, count: 1 },
      ]);
      const inFlight = api
        .POST('/v1/payments/sub-merchants/{id}/submit', { ...record, body: { formData } })
        .catch((error: Error) => error);
      await untilFaultFired(rig);
      await expect
        .poll(async () => ((await rig.control('GET', '/providerA/applyments')).body!.data as unknown[]).length, {
          timeout: 10_000,
        })
        .toBe(1);
      await rig.crash();
      expect(await inFlight).toBeInstanceOf(Error); // the caller saw the connection drop, not an answer

      await rig.restart();
      const stored = await api.GET('/v1/payments/sub-merchants/{id}', record);
      expect(stored.data!.chApplymentState).toBe('submitted'); // written before the upstream call
      expect(stored.data!.chApplymentId).toBeUndefined();

      // The lease of the dead request expires on its own; meanwhile a retry is told to wait (409), never duplicated.
      const retried = await untilStatus(
        () => api.POST('/v1/payments/sub-merchants/{id}/submit', { ...record, body: {} }),
        200,
      );
      expect(retried.data!.replayed).toBe(true);
      const upstream = (await rig.control('GET', '/providerA/applyments')).body!.data as { applymentId: string }[];
      expect(upstream).toHaveLength(1);
      expect(retried.data!.chApplymentId).toBe(upstream[0]!.applymentId);
    } finally {
      await rig.stop();
    }
  });
}
