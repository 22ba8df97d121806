import { constants, createHash, createVerify, publicEncrypt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createMemorySandboxStore, type SandboxStore } from '@/sandbox/store';
import { mapFormDataToApplymentBody } from '@/server/providers/providerA/pay/map-form-data';
import { sampleFormData, TINY_PNG, SAMPLE_ID_NUMBER } from '../../../../support/providerA-pay-sandbox';
import { signRequest } from '@/protocols/providerA/pay/sign-request';
import { APPLYMENT_KIND } from '@/sandbox/providerA/pay/applyment-store';
import { isValidIdCardNumber } from '@/sandbox/providerA/pay/applyment-rules';
import { listApplyments, setApplymentState } from '@/sandbox/providerA/pay/control';
import { setPlatformMode } from '@/sandbox/providerA/pay/platform-certificates';
import { handleProviderAPayRequest } from '@/sandbox/providerA/pay/handler';
import { FIXTURE_APIV3_KEY, loadProviderASandboxKeys } from '../../../../support/fixture-keys';

// The emulator spoken to directly with hand-built requests: what a client that gets things wrong would see.
const keys = loadProviderASandboxKeys();
const BASE = 'http://sandbox.test/sandbox/providerA/pay';
let store: SandboxStore;
beforeEach(() => {
  store = createMemorySandboxStore();
});

const encrypt = (plaintext: string) =>
  publicEncrypt(
    { key: keys.platform.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plaintext),
  ).toString('base64');

function signed(
  method: 'GET' | 'POST',
  path: string,
  body = '',
  headers: Record<string, string> = {},
  signBody = body,
) {
  const url = new URL(`${BASE}${path}`);
  const authorization = signRequest({
    method,
    url,
    signBody,
    mchId: keys.merchant.mchId,
    serialNo: keys.merchant.serialNo,
    privateKey: keys.merchant.privateKeyPem,
  });
  return new Request(url, {
    method,
    headers: { Authorization: authorization, ...headers },
    body: method === 'GET' ? undefined : body,
  });
}

const send = (request: Request) =>
  handleProviderAPayRequest(request, { store, keys, apiV3Key: async () => FIXTURE_APIV3_KEY });

async function upload(
  bytes: Buffer,
  filename = 'a.png',
  meta = JSON.stringify({ filename, sha256: createHash('sha256').update(bytes).digest('hex') }),
  /** The file part's own filename; `null` sends none. */
  partFilename: string | null = filename,
) {
  const boundary = 'XyZ';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"${partFilename === null ? '' : `; filename="${partFilename}"`}\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(`${BASE}/v3/merchant/media/upload`);
  const authorization = signRequest({
    method: 'POST',
    url,
    signBody: meta,
    mchId: keys.merchant.mchId,
    serialNo: keys.merchant.serialNo,
    privateKey: keys.merchant.privateKeyPem,
  });
  return send(
    new Request(url, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    }),
  );
}

async function mediaIds(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(((await (await upload(TINY_PNG)).json()) as { media_id: string }).media_id);
  return ids;
}

async function submit(body: Record<string, unknown>, serial: string | null = keys.platform.publicKeyId) {
  const json = JSON.stringify(body);
  return send(
    signed('POST', '/v3/applyment4sub/applyment/', json, {
      'Content-Type': 'application/json',
      ...(serial ? { 'Wechatpay-Serial': serial } : {}),
    }),
  );
}

/** The response is signed by the platform key over timestamp, nonce and body. */
async function expectSignedByPlatform(response: Response) {
  const body = await response.clone().text();
  const h = response.headers;
  expect(h.get('wechatpay-serial')).toBe(keys.platform.publicKeyId);
  const message = `${h.get('wechatpay-timestamp')}\n${h.get('wechatpay-nonce')}\n${body}\n`;
  expect(
    createVerify('RSA-SHA256')
      .update(message)
      .verify(keys.platform.publicKeyPem, h.get('wechatpay-signature') ?? '', 'base64'),
  ).toBe(true);
}

describe('request authentication', () => {
  it('no Authorization → 401 SIGN_ERROR (malformed header), signed', async () => {
    const response = await send(new Request(`${BASE}/v3/applyment4sub/applyment/business_code/x`));
    expect(response.status).toBe(401);
    expect(await response.clone().json()).toMatchObject({ code: 'SIGN_ERROR', detail: { location: 'header' } });
    await expectSignedByPlatform(response);
  });

  it('a signature over a different path → 401 SIGN_ERROR "sign not match"', async () => {
    const request = signed('GET', '/v3/applyment4sub/applyment/business_code/a');
    const forged = new Request(`${BASE}/v3/applyment4sub/applyment/business_code/b`, { headers: request.headers });
    const response = await send(forged);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { code: string; detail: { field: string; detail: { issue: string } } };
    expect(body).toMatchObject({
      code: 'SIGN_ERROR',
      detail: { field: 'signature', location: 'authorization', detail: { issue: 'sign not match' } },
    });
  });

  it('a correctly signed request gets through (404-like APPLYMENT_NOTEXIST for an unknown code)', async () => {
    const response = await send(signed('GET', '/v3/applyment4sub/applyment/business_code/unknown'));
    expect(response.status).toBe(400);
    expect(await response.clone().json()).toMatchObject({ code: 'APPLYMENT_NOTEXIST', message: '未能找到申请单' });
    await expectSignedByPlatform(response);
  });

  it('unknown paths → 404', async () => {
    expect((await send(signed('GET', '/v3/nothing/here'))).status).toBe(404);
  });
});

describe('media upload', () => {
  it('stores the image and answers a signed media_id', async () => {
    const response = await upload(TINY_PNG);
    expect(response.status).toBe(200);
    await expectSignedByPlatform(response);
    const { media_id } = (await response.json()) as { media_id: string };
    expect(await store.get('providerA.pay.media', media_id)).toMatchObject({
      mime_type: 'image/png',
      size: TINY_PNG.length,
    });
  });

  it('takes the name from meta, whatever the file part is called (or if it has no filename)', async () => {
    for (const partFilename of ['blob', null]) {
      const response = await upload(TINY_PNG, 'licence.png', undefined, partFilename);
      expect(response.status, String(partFilename)).toBe(200);
      const { media_id } = (await response.json()) as { media_id: string };
      expect(await store.get('providerA.pay.media', media_id)).toMatchObject({ filename: 'licence.png' });
    }
  });

  it.each([
    ['bytes that are not an image', Buffer.from('hello'), undefined, 403, '未知图片类型'],
    [
      'a sha256 that does not match',
      TINY_PNG,
      JSON.stringify({ filename: 'a.png', sha256: 'ab'.repeat(32) }),
      403,
      '图片meta信息不一致',
    ],
    ['an empty file', Buffer.alloc(0), undefined, 400, '图片文件为空'],
  ])('refuses %s', async (_label, bytes, meta, status, message) => {
    const response = await upload(bytes, 'a.png', meta);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });
});

describe('applyment submit', () => {
  const body = async (overrides: Record<string, unknown> = {}) =>
    mapFormDataToApplymentBody({
      businessCode: `c${Date.now()}`,
      formData: { ...sampleFormData(await mediaIds(5)), ...overrides },
      encrypt,
    });

  it('accepts a complete body and answers a bare numeric applyment_id', async () => {
    const response = await submit(await body());
    expect(response.status).toBe(200);
    expect(await response.clone().text()).toMatch(/^\{"applyment_id":2000\d{12}\}$/);
    await expectSignedByPlatform(response);
  });

  it('refuses an unencrypted sensitive field without echoing it', async () => {
    const b = await body();
    (
      b.subject_info as { identity_info: { id_card_info: Record<string, string> } }
    ).identity_info.id_card_info.id_card_number = SAMPLE_ID_NUMBER;
    const response = await submit(b);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      code: 'PARAM_ERROR',
      detail: { field: '/subject_info/identity_info/id_card_info/id_card_number', location: 'body' },
    });
    expect(text).not.toContain(SAMPLE_ID_NUMBER);
    expect(await store.list(APPLYMENT_KIND)).toHaveLength(0);
  });

  it('requires a Wechatpay-Serial naming its platform key', async () => {
    for (const serial of [null, 'PUB_KEY_ID_0000000000000000000000000000']) {
      const response = await submit(await body(), serial);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'PARAM_ERROR',
        detail: { field: 'Wechatpay-Serial', location: 'header' },
      });
    }
    // A public-key merchant holds no certificate: a certificate serial is as unknown as a made-up one…
    expect((await submit(await body(), keys.platform.certificateSerialNo)).status).toBe(400);
    // …until it is migrating (both), when either key the merchant holds may encrypt.
    await setPlatformMode(store, keys, 'both', new Date());
    expect((await submit(await body(), keys.platform.certificateSerialNo)).status).toBe(200);
  });

  it('enterprises must settle to a corporate account', async () => {
    const response = await submit(
      await body({
        subjectType: 'SUBJECT_TYPE_ENTERPRISE',
        idCardAddress: '北京市',
        bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL',
      }),
    );
    expect(await response.json()).toMatchObject({
      code: 'PARAM_ERROR',
      detail: { field: '/bank_account_info/bank_account_type' },
    });
  });

  it('answers PROCESSING while under review and overwrites after rejection', async () => {
    const b = await body();
    const id = ((await (await submit(b)).json()) as { applyment_id: number }).applyment_id;
    const again = await submit(b);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'PROCESSING' });
    await setApplymentState(store, String(id), {
      state: 'APPLYMENT_STATE_REJECTED',
      rejectReasons: [{ field: 'license_copy', reason: '模糊' }],
    });
    expect((await submit(b)).status).toBe(200);
    expect(await listApplyments(store)).toMatchObject([
      { applymentId: String(id), round: 2, state: 'APPLYMENT_STATE_AUDITING', auditDetail: [] },
    ]);
  });
});

describe('control', () => {
  it('rejects unknown states and applyments', async () => {
    await expect(setApplymentState(store, '2000000000000000', { state: 'finished' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(setApplymentState(store, '2000000000000000', { state: 'approved' })).rejects.toBeInstanceOf(AppError);
  });

  it('the sample ID number used by the tests is a valid one', () => {
    expect(isValidIdCardNumber(SAMPLE_ID_NUMBER)).toBe(true);
    expect(isValidIdCardNumber('110105194912310021')).toBe(false);
  });
});
