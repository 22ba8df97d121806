import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { APPLYMENT_KIND, type SandboxApplyment } from '@/sandbox/providerA/pay/applyment-store';
import { setApplymentState } from '@/sandbox/providerA/pay/control';
import { MEDIA_KIND } from '@/sandbox/providerA/pay/media-upload';
import { ApplymentInProgressError, type ProviderAPayClient } from '@/server/providers/providerA/pay/client';
import {
  SAMPLE_ACCOUNT_NUMBER,
  SAMPLE_ID_NUMBER,
  SAMPLE_MOBILE,
  sampleFormData,
  startProviderAPaySandbox,
  uploadSampleImages,
} from '../../../../../support/providerA-pay-sandbox';

type Sandbox = Awaited<ReturnType<typeof startProviderAPaySandbox>>;
let sandbox: Sandbox;
let client: ProviderAPayClient;
let media: string[];
let seq = 0;
const newCode = () => `1900013511_it${Date.now()}${seq++}`;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  sandbox = await startProviderAPaySandbox();
  client = sandbox.client();
  media = await uploadSampleImages(client, 5);
});
afterAll(() => sandbox.close());

describe('media upload', () => {
  it('returns a media id the emulator stored', async () => {
    const { mediaId } = await client.uploadImage({
      bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      filename: '门头照.JPG',
      mimeType: 'image/jpeg',
    });
    expect(mediaId).toMatch(/^[A-Za-z0-9_-]{20,512}$/);
    const stored = await sandbox.store.get<{ filename: string; mime_type: string }>(MEDIA_KIND, mediaId);
    expect(stored).toMatchObject({ filename: '___.jpg', mime_type: 'image/jpeg' });
  });

  it('maps the emulator refusing bytes that are not an image to upstream_rejected', async () => {
    const error = await rejection(
      client.uploadImage({ bytes: Buffer.from('not an image'), filename: 'a.png', mimeType: 'image/png' }),
    );
    expect(error.code).toBe('upstream_rejected');
    expect(error.message).toContain('REQUEST_BLOCKED');
  });
});

describe('applyment lifecycle', () => {
  it('submit → auditing → finished with a sub_mchid', async () => {
    const businessCode = newCode();
    const { applymentId } = await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    expect(applymentId).toMatch(/^2000\d{12}$/);

    const auditing = await client.queryApplymentByBusinessCode(businessCode);
    expect(auditing).toMatchObject({
      applymentId,
      businessCode,
      state: 'auditing',
      upstreamState: 'APPLYMENT_STATE_AUDITING',
      stateMsg: '审核中',
      rejectReasons: [],
    });
    expect(auditing?.subMchid).toBeUndefined();

    await setApplymentState(sandbox.store, applymentId, { state: 'to_be_signed' });
    const toSign = await client.queryApplymentById(applymentId);
    expect(toSign?.state).toBe('to_be_signed');
    expect(toSign?.signUrl).toMatch(/^https:\/\//);

    await setApplymentState(sandbox.store, applymentId, { state: 'finished' });
    const finished = await client.queryApplymentByBusinessCode(businessCode);
    expect(finished?.state).toBe('finished');
    expect(finished?.subMchid).toMatch(/^\d{10}$/);
    expect(finished?.subMchid).toBe(toSign?.subMchid);
  });

  it('rejected on id_card_copy → rejectReasons on idCardCopy; resubmitting the same business_code starts a new round', async () => {
    const businessCode = newCode();
    const { applymentId } = await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    await setApplymentState(sandbox.store, applymentId, {
      state: 'rejected',
      rejectReasons: [{ field: 'id_card_copy', reason: '身份证照片模糊' }],
    });

    const rejected = await client.queryApplymentByBusinessCode(businessCode);
    expect(rejected).toMatchObject({
      state: 'rejected',
      rejectReasons: [{ field: 'idCardCopy', reason: '身份证照片模糊' }],
    });

    const again = await client.submitApplyment({
      businessCode,
      formData: { ...sampleFormData(media), idCardCopy: media[4] },
    });
    expect(again.applymentId).toBe(applymentId);
    const round2 = await client.queryApplymentByBusinessCode(businessCode);
    expect(round2).toMatchObject({ state: 'auditing', rejectReasons: [] });
    const stored = await sandbox.store.get<SandboxApplyment>(APPLYMENT_KIND, businessCode);
    expect(stored?.round).toBe(2);
    const sameCode = (await sandbox.store.list<SandboxApplyment>(APPLYMENT_KIND)).filter(
      (a) => a.business_code === businessCode,
    );
    expect(sameCode).toHaveLength(1);
  });

  it('submitting while the application is under review surfaces ApplymentInProgressError (query instead)', async () => {
    const businessCode = newCode();
    await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    const error = await rejection(client.submitApplyment({ businessCode, formData: sampleFormData(media) }));
    expect(error).toBeInstanceOf(ApplymentInProgressError);
    expect(error.code).toBe('onboarding_in_progress');
  });

  it('an unknown business code queries as null', async () => {
    expect(await client.queryApplymentByBusinessCode('1900013511_never_submitted')).toBeNull();
  });

  it('a 404 for a path the host does not serve is an error, not "no such application"', async () => {
    // A wrong base URL: the host answers 404 RESOURCE_NOT_EXISTS naming the path, not the application.
    const misrouted = sandbox.client({ baseUrl: `${sandbox.baseUrl}/v3/merchant` });
    const error = await rejection(misrouted.queryApplymentByBusinessCode('1900013511_never_submitted'));
    expect(error.code).toBe('upstream_unavailable');
    expect(error.message).toMatch(
      /^providerA answered HTTP 404 \(RESOURCE_NOT_EXISTS: .*\): the request reached no WeChat Pay API/,
    );
  });

  it('works in platform-certificate mode too', async () => {
    const certSandbox = await startProviderAPaySandbox({ responseSerialMode: 'certificate' });
    try {
      const certClient = certSandbox.client();
      const ids = await uploadSampleImages(certClient, 5);
      const businessCode = newCode();
      await certClient.submitApplyment({ businessCode, formData: sampleFormData(ids) });
      expect((await certClient.queryApplymentByBusinessCode(businessCode))?.state).toBe('auditing');
      // A public-key-mode client does not know the certificate serial the emulator now signs with.
      const pkClient = certSandbox.client({
        platform: {
          mode: 'publicKey',
          publicKeyId: certSandbox.keys.platform.publicKeyId,
          publicKeyPem: certSandbox.keys.platform.publicKeyPem,
        },
      });
      const error = await rejection(pkClient.queryApplymentByBusinessCode(businessCode));
      expect(error.message).toMatch(/unknown Wechatpay-Serial/);
    } finally {
      await certSandbox.close();
    }
  });
});

describe('field errors map back to formData', () => {
  it.each([
    ['an unknown media id', { idCardCopy: 'no-such-media-id' }, '/formData/idCardCopy'],
    ['an unknown media id inside a list', { storeIndoorPics: ['no-such-media-id'] }, '/formData/storeIndoorPics'],
    ['a missing required field', { servicePhone: undefined }, '/formData/servicePhone'],
    ['an ID number with a bad check digit', { idCardNumber: '110105194912310021' }, '/formData/idCardNumber'],
    [
      'a missing bank area code (no store scene)',
      { salesScene: 'SALES_SCENES_MINI_PROGRAM', storeAddressCode: undefined, bankAddressCode: undefined },
      '/formData/bankAddressCode',
    ],
  ])('%s', async (_label, change, pointer) => {
    const error = await rejection(
      client.submitApplyment({ businessCode: newCode(), formData: { ...sampleFormData(media), ...change } }),
    );
    expect(error.code).toBe('upstream_rejected');
    expect(error.status).toBe(422);
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]?.pointer).toBe(pointer);
    expect(error.errors[0]?.code).toBe('param_error');
  });
});

describe('personal data at rest in the emulator', () => {
  it('stores ciphertext made with the platform key, never the plaintext', async () => {
    const businessCode = newCode();
    await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    const dump = JSON.stringify(await sandbox.store.list(APPLYMENT_KIND));
    for (const secret of [SAMPLE_ID_NUMBER, SAMPLE_ACCOUNT_NUMBER, SAMPLE_MOBILE, 'zhangsan@example.com'])
      expect(dump).not.toContain(secret);

    const stored = await sandbox.store.get<SandboxApplyment>(APPLYMENT_KIND, businessCode);
    const idInfo = (stored?.request.subject_info as { identity_info: { id_card_info: { id_card_number: string } } })
      .identity_info.id_card_info;
    const plain = privateDecrypt(
      { key: sandbox.keys.platform.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(idInfo.id_card_number, 'base64'),
    ).toString();
    expect(plain).toBe(SAMPLE_ID_NUMBER);
  });
});

describe('response verification end to end', () => {
  it('a tampered 2xx body is a verification error, not data', async () => {
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const text = (await response.text()).replace('审核中', '已完成').replace('AUDITING', 'FINISHED');
      return new Response(text, { status: response.status, headers: response.headers });
    };
    const businessCode = newCode();
    await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    const error = await rejection(sandbox.client({ fetch: tampering }).queryApplymentByBusinessCode(businessCode));
    expect(error.code).toBe('upstream_unavailable');
    expect(error.message).toMatch(/signature verification: signature does not match the body/);
  });

  it('a WECHATPAY/SIGNTEST/ probe is refused', async () => {
    const businessCode = newCode();
    await client.submitApplyment({ businessCode, formData: sampleFormData(media) });
    sandbox.emulator.signatureProbe = true;
    try {
      const error = await rejection(client.queryApplymentByBusinessCode(businessCode));
      expect(error.message).toMatch(/probe/);
    } finally {
      sandbox.emulator.signatureProbe = undefined;
    }
  });

  it('an unsigned 2xx is refused', async () => {
    const unsigned: typeof fetch = async () => new Response('{"media_id":"forged"}', { status: 200 });
    const error = await rejection(
      sandbox
        .client({ fetch: unsigned })
        .uploadImage({ bytes: Buffer.from([0x89, 0x50]), filename: 'a.png', mimeType: 'image/png' }),
    );
    expect(error.message).toMatch(/no Wechatpay-\* signature headers/);
  });

  it("a client signing with the wrong merchant key gets the emulator's 401 SIGN_ERROR", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = sandbox.client({
      merchantPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const error = await rejection(wrong.queryApplymentByBusinessCode('1900013511_x'));
    expect(error.code).toBe('upstream_unavailable');
    expect(error.message).toContain('SIGN_ERROR');
  });
});
