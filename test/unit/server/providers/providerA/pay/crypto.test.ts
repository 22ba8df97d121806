import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAeadAes256Gcm } from '@/protocols/providerA/pay/aead';
import { decryptSensitive, encryptSensitive } from '@/protocols/providerA/pay/encrypt-sensitive';
import { createPlatformKeyRing } from '@/server/providers/providerA/pay/platform-keys';
import {
  buildAuthorizationHeader,
  buildRequestMessage,
  signMessage,
  signRequest,
} from '@/protocols/providerA/pay/sign-request';
import { ResponseVerificationError, verifyResponseSignature } from '@/server/providers/providerA/pay/verify-response';

// Published vectors from docs/upstream/providerA.md "Test vectors" (TV-0…TV-4) and the derived TV-9 D1–D3.
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../fixtures/upstream-keys/providerA/${name}`, import.meta.url), 'utf8');
const TV0_KEY = fixture('merchant-apiclient-key.pem');
const TV0_CERT = fixture('merchant-apiclient-cert.pem');

const TV2_SIGNATURE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOhuH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwfLpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==';
const TV3_SIGNATURE =
  'tJHIiIS9eB2hAYstmAmbbD3ZE5LiIm/Ug5tuL4fC0YOFRWIHV39UFIZXC0e9Wl6lBu6sKvkqDkzpqzBsVHyXFlbYZTOQrVdG4b6LfTnK4mikv9++ixJMd3vTf2yCqvBkh98zs3Ds5zsYQakzbcwhmw4fMJs4nPLws28H0UW9FjDR//rxELLwXvV1VEA1IBLX70xptjL8hrfUjEE8kkry6yNJTHZRU8CAc7qHli2Ng1V1qb9ARbK8A3ThmFmPQvRGrapI/jS2laKKgYUmfdEdkNO6B2Cke5e8VTxY406ArAmQ90GAihDwIcb16TQMnzCMBoutnwZKNiKRACrFmtxw2Q==';
const TV3_BODY =
  '{"id":"3119dfba-e649-5eec-ab1e-3412bc4d2e17","create_time":"2021-06-24T16:37:26+08:00","resource_type":"encrypt-resource","event_type":"PAYSCORE.USER_OPEN_SERVICE","summary":"签约成功","resource":{"original_type":"payscore","algorithm":"AEAD_AES_256_GCM","ciphertext":"YDS3lKPaC4Y52Gf3uhft5qUBlIa8b428AWTtTauHQfQrRw+X1WpiuHIDy0vo1Vd6VEq67aVyqPdDYMkRVSDaZL3iZttevRMOoPKMifozg6XPWjIZumks/GpT48lI4NizyeaqLBokNebthah3o1H76qSlO9NkDjp9bzmKLEYYH9TEklFUpsvPqOTOcgSLgh21YJXYR7dEBXFgRLiNIKRgO5JdXh1hccRUAlyVWxE54PXpnQ==","associated_data":"payscore","nonce":"Kj7QIyUiYx1q"}}';
const TV3_NOW = new Date(1624523846 * 1000);
const D1 =
  'mG2drrUCDR7EVrJmQVI6eW5VlDB0zzpcYLC83UiNxe1aNAomazwWci4q/HPA7MmlbGAswwSE7iPiLy3vflXohf42WXNA031htDbpBCVt1ti2teKFPh531KK07unc+CrCiepz6veTgsylXYO4iBI+DYQ4UDj+r8A/lhqj7yHmtLjvcJ45Og6Wdecd/T7jGgMwcEe1mR7HLzC7R6snnLOaRwnPCe6WyiWGDHHuQzvNFeaztpM3noedCPEwGculoy2MPVvNER6TpM8CUijpKChWM7Q5vIwg8QYv9bH7IuZitLMAgx0+cgaNzFbzZuXxwGB6wIAmv70dWcQx8F2erR/Nzw==';
const D3 =
  'Zhr9SFPQoZ8zMK57q4OSQT17XXEzO+yGnMWCWX/enHKlrQng0AnmtPdzzKX1iZrKvfvgQglvCgyWkEBdqHDU3lpEhVrSkQUmc4XrCeW7Oh/191hh/2rR6tl0E/RvaigrmFaVu7u70agPuSRaFjT+NqIdj/RhguKS77C+5bHgzRVatjO75LrUVL05xiCLC3sycRORmXAvncoFD8f2bf0xvByhjSLgpUcTAARVj7LIJA0XyhS7NJdIeePOClKfCf7jGtVGmgXOw5L9g93ZUYYA82dd+nwzyhFjcdl8ODdBz4xkXQRc+6uzMWqv8F61lMpC9gEznuZ+UQyR5v7oLTzpZA==';

const tv3Headers = (overrides: Record<string, string> = {}) =>
  new Headers({
    'Wechatpay-Nonce': 'EcZ9Cmy4Xyx1i6RlJQzLcCyEqDa26NBz',
    'Wechatpay-Timestamp': '1624523846',
    'Wechatpay-Serial': 'D7CE59D1F522D701',
    'Wechatpay-Signature': TV3_SIGNATURE,
    ...overrides,
  });
const noDownload = () => Promise.reject(new Error('these modes never download'));
const certRing = () =>
  createPlatformKeyRing(
    { mode: 'certificate', certificates: [{ serialNo: 'D7CE59D1F522D701', pem: TV0_CERT }] },
    noDownload,
  );

describe('TV-0 key pair', () => {
  it('the certificate has serial D7CE59D1F522D701 and holds the public half of the key', () => {
    const cert = new X509Certificate(TV0_CERT);
    expect(cert.serialNumber.toUpperCase()).toBe('D7CE59D1F522D701');
    const fromKey = createPublicKey(createPrivateKey(TV0_KEY)).export({ format: 'der', type: 'spki' });
    expect(Buffer.compare(cert.publicKey.export({ format: 'der', type: 'spki' }), fromKey)).toBe(0);
  });
});

describe('request signing', () => {
  it('TV-2: SHA256withRSA over "source"', () => {
    expect(signMessage('source', TV0_KEY)).toBe(TV2_SIGNATURE);
  });

  it('TV-4: sign messages for GET without body and POST whose body ends in \\n', () => {
    const base = { canonicalUrl: '/v3/certificates', timestamp: '1624523846', nonce: 'A1B2C3D4E5F6G7' };
    expect(buildRequestMessage({ ...base, method: 'GET', body: '' })).toBe(
      'GET\n/v3/certificates\n1624523846\nA1B2C3D4E5F6G7\n\n',
    );
    expect(buildRequestMessage({ ...base, method: 'POST', body: 'Hello World!\n' })).toBe(
      'POST\n/v3/certificates\n1624523846\nA1B2C3D4E5F6G7\nHello World!\n\n',
    );
  });

  it('TV-4: header assembly with the mock signer', () => {
    const message = buildRequestMessage({
      method: 'GET',
      canonicalUrl: '/v3/certificates',
      timestamp: '1624523846',
      nonce: 'A1B2C3D4E5F6G7',
      body: '',
    });
    const header = buildAuthorizationHeader({
      scheme: 'WECHATPAY2-Mock',
      mchId: '1234567890',
      nonce: 'A1B2C3D4E5F6G7',
      timestamp: '1624523846',
      serialNo: '0123456789ABC',
      signature: `Sign:${message}`,
    });
    expect(header).toBe(
      `WECHATPAY2-Mock mchid="1234567890",nonce_str="A1B2C3D4E5F6G7",timestamp="1624523846",serial_no="0123456789ABC",signature="Sign:${message}"`,
    );
  });

  it('TV-9 D1: full Authorization header for GET /v3/certificates', () => {
    const header = signRequest({
      method: 'GET',
      url: new URL('https://api.mch.weixin.qq.com/v3/certificates'),
      signBody: '',
      mchId: '1234567890',
      serialNo: '0123456789ABC',
      privateKey: TV0_KEY,
      timestamp: '1624523846',
      nonce: 'A1B2C3D4E5F6G7',
    });
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1234567890",nonce_str="A1B2C3D4E5F6G7",timestamp="1624523846",serial_no="0123456789ABC",signature="${D1}"`,
    );
  });

  it('TV-9 D3: upload signs over the meta JSON', () => {
    const meta = '{"filename":"filea.jpg","sha256":"hjkahkjsjkfsjk78687dhjahdajhk"}';
    const header = signRequest({
      method: 'POST',
      url: new URL('https://api.mch.weixin.qq.com/v3/merchant/media/upload'),
      signBody: meta,
      mchId: '1',
      serialNo: 'S',
      privateKey: TV0_KEY,
      timestamp: '1566987169',
      nonce: '12ced2db6f0193dda91ba86224ea1cd8',
    });
    expect(header).toContain(`signature="${D3}"`);
  });
});

describe('response verification', () => {
  it('TV-3: accepts the published signed callback (certificate mode)', async () => {
    await expect(
      verifyResponseSignature({ headers: tv3Headers(), body: Buffer.from(TV3_BODY), keys: certRing(), now: TV3_NOW }),
    ).resolves.toBeUndefined();
  });

  it('TV-3: accepts the same signature in public-key mode under a PUB_KEY_ID serial', async () => {
    const keys = createPlatformKeyRing(
      {
        mode: 'publicKey',
        publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
        publicKeyPem: new X509Certificate(TV0_CERT).publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      },
      noDownload,
    );
    const headers = tv3Headers({ 'Wechatpay-Serial': 'PUB_KEY_ID_0114232134912410000000000000' });
    await expect(
      verifyResponseSignature({ headers, body: Buffer.from(TV3_BODY), keys, now: TV3_NOW }),
    ).resolves.toBeUndefined();
    // …but not a certificate serial the public-key ring does not hold.
    await expect(
      verifyResponseSignature({ headers: tv3Headers(), body: Buffer.from(TV3_BODY), keys, now: TV3_NOW }),
    ).rejects.toThrow(/unknown Wechatpay-Serial/);
  });

  it('TV-9 D2: verifies the derived applyment response signature', async () => {
    const body =
      '{"business_code":"1900013511_10000","applyment_id":2000002124775691,"applyment_state":"APPLYMENT_STATE_AUDITING","applyment_state_msg":"审核中","sign_url":"https://example.invalid/sign"}';
    const signature =
      'mJv49pFgOZRJcdybZWONmkaRxvggxZ4f9+NY16qC+kdek/zeDA1CgG0/51eFLjOBgdar16hLldpbylyuqqRdcJXrfvQs2r+0NOLAMv79nI732Iw8TZbF9ho0mBYdr0GWwZUQBJo6Qmjy5u8OI+62HLfcbVzQwuw5Fs/kipJ7seQW2AQ0gDnZ5PFwqhL1uE4EAYtQctWbklSyZF+coJvJCqvUY65m7mZIeHBM+1Ui/od838QOXdpGCUB0ZhhT4VBtXlageQTMdc534gCCR8ZjSH0o6YENPVMys85/rP3WkFl6ew17JSaVTK1Jx1Dt8uCEiEIWfgEVgH+qYR5JdcYImw==';
    await expect(
      verifyResponseSignature({
        headers: tv3Headers({ 'Wechatpay-Signature': signature }),
        body: Buffer.from(body),
        keys: certRing(),
        now: TV3_NOW,
      }),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['a body altered by one byte', { body: TV3_BODY.replace('签约成功', '签约失败') }, /does not match/],
    ['a missing signature', { headers: { 'Wechatpay-Signature': '' } }, /no Wechatpay-\* signature headers/],
    [
      'a WECHATPAY/SIGNTEST/ probe',
      { headers: { 'Wechatpay-Signature': `WECHATPAY/SIGNTEST/${TV3_SIGNATURE}` } },
      /probe/,
    ],
    ['a timestamp 300 s old', { now: new Date((1624523846 + 300) * 1000) }, /window/],
    ['an unknown serial', { headers: { 'Wechatpay-Serial': 'ABCDEF' } }, /unknown Wechatpay-Serial/],
  ])(
    'TV-3 rejects %s',
    async (_label, change: { body?: string; headers?: Record<string, string>; now?: Date }, reason) => {
      const headers = tv3Headers(change.headers);
      if (change.headers?.['Wechatpay-Signature'] === '') headers.delete('Wechatpay-Signature');
      const run = () =>
        verifyResponseSignature({
          headers,
          body: Buffer.from(change.body ?? TV3_BODY),
          keys: certRing(),
          now: change.now ?? TV3_NOW,
        });
      await expect(run()).rejects.toThrow(ResponseVerificationError);
      await expect(run()).rejects.toThrow(reason);
    },
  );

  it('accepts a timestamp 299 s old', async () => {
    await expect(
      verifyResponseSignature({
        headers: tv3Headers(),
        body: Buffer.from(TV3_BODY),
        keys: certRing(),
        now: new Date((1624523846 + 299) * 1000),
      }),
    ).resolves.toBeUndefined();
  });
});

describe('AEAD_AES_256_GCM', () => {
  it('TV-1 decrypts "Hello World" and fails with the wrong key or a bad ciphertext', () => {
    const input = {
      key: 'testAPIv3Key0000',
      nonce: 'wCq51qZv4Yfg',
      associatedData: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8',
      ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC',
    };
    expect(decryptAeadAes256Gcm(input)).toBe('Hello World');
    expect(() => decryptAeadAes256Gcm({ ...input, key: 'testAPIv3Key1111' })).toThrow();
    expect(() => decryptAeadAes256Gcm({ ...input, ciphertext: 'SGVsbG8gV29ybGQK' })).toThrow();
  });

  it('TV-3 decrypts the callback resource', () => {
    const resource = (
      JSON.parse(TV3_BODY) as { resource: { ciphertext: string; nonce: string; associated_data: string } }
    ).resource;
    const plaintext = decryptAeadAes256Gcm({
      key: 'testMchAPIv3Key0',
      nonce: resource.nonce,
      associatedData: resource.associated_data,
      ciphertext: resource.ciphertext,
    });
    expect(plaintext).toBe(
      '{"mchid":"1234567890","appid":"054aa7d7a2a54ab5898df65bd96f001c","create_time":"2020-06-30T12:12:00+08:00","out_contract_code":"21640bdbd08e473e828f3206a2741c6e"}',
    );
  });
});

describe('sensitive-field encryption (RSA-OAEP/SHA-1)', () => {
  it('round-trips with the TV-0 certificate and key, randomized, 344 Base64 chars', async () => {
    const { key } = await certRing().encryption();
    const a = encryptSensitive('110105194912310029', key);
    const b = encryptSensitive('110105194912310029', key);
    expect(a).toHaveLength(344);
    expect(a).not.toBe(b);
    expect(decryptSensitive(a, TV0_KEY)).toBe('110105194912310029');
    expect(encryptSensitive('', key)).toBe('');
  });

  it('is OAEP with SHA-1: a SHA-256 OAEP decrypt of the same ciphertext fails', async () => {
    const { privateDecrypt, constants } = await import('node:crypto');
    const ciphertext = Buffer.from(encryptSensitive('张三', (await certRing().encryption()).key), 'base64');
    expect(() =>
      privateDecrypt({ key: TV0_KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, ciphertext),
    ).toThrow();
  });
});
