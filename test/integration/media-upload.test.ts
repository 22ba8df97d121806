import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { completeFormDataFixture } from '../support/form-data-fixtures';
import { formDataFromReference } from '../support/sub-merchants';
import { MEDIA_KIND } from '@/sandbox/providerA/pay/media-upload';
import { IMAGE_KIND } from '@/sandbox/providerB';
import { getFieldCipher } from '@/server/config/field-cipher';
import { media, sandboxObjects } from '@/server/db/schema';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { serveOverHttp } from '../support/http-adapter';
import { mediaForm, noiseBmp, noiseJpeg, noisePng, pdfBytes, solidPng } from '../support/test-images';
import { useSandboxOverHttp } from '../support/sandbox-server';

type Media = { mediaId: string; provider: string; mimeType: string; size: number; sha256: string };
type Problem = { code: string; detail: string; errors: { pointer: string }[] };
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The stored bytes of a row: sealed with the field cipher, nothing in plain. */
const storedBytes = (row: typeof media.$inferSelect) => {
  expect(row.bytes).toBeNull();
  expect(row.sealedBytes).toMatch(/^enc:v1:/);
  return getFieldCipher().decryptBytes(row.sealedBytes!);
};
const MB = 1024 * 1024;

describeEachDatabase('POST /v1/payments/media', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
  });

  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    callRoute(mediaRoute.POST, '/v1/payments/media', {
      method: 'POST',
      headers: apiHeaders(platform.apiKey, 'payments', headers),
      body,
    });
  const rows = () =>
    database().db.select({ id: media.id }).from(media).where(eq(media.platformId, platform.platformId));
  const upstreamUploads = async () => {
    const [row] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(sandboxObjects)
      .where(sql`${sandboxObjects.kind} like ${`%${MEDIA_KIND}`} or ${sandboxObjects.kind} like ${`%${IMAGE_KIND}`}`);
    return row!.n;
  };
  async function created(response: Response) {
    expect(response.status).toBe(201);
    return (await response.json()) as Media;
  }
  async function problem(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as Problem;
    expect(body.code).toBe(code);
    return body;
  }

  it('accepts JPEG, PNG and BMP; the sandbox accepts the media ids in a submission; the bytes are stored, sealed', async () => {
    const jpeg = await noiseJpeg(320, 240);
    const uploads = [
      await created(await post(mediaForm({ bytes: jpeg, name: '营业执照.jpg', type: 'image/jpeg' }))),
      await created(await post(mediaForm({ bytes: await noisePng(200, 100), name: 'id-front.png' }))),
      await created(await post(mediaForm({ bytes: noiseBmp(120, 90), name: 'scan.bmp', type: 'image/bmp' }))),
    ];
    expect(uploads.map((u) => [u.provider, u.mimeType])).toEqual([
      ['providerA', 'image/jpeg'],
      ['providerA', 'image/png'],
      ['providerA', 'image/jpeg'],
    ]);
    for (const upload of uploads) {
      const [row] = await database().db.select().from(media).where(eq(media.upstreamMediaId, upload.mediaId));
      expect(row).toMatchObject({
        platformId: platform.platformId,
        size: upload.size,
        createdBy: `apikey:${platform.apiKeyId}`,
      });
      const bytes = storedBytes(row!);
      expect(bytes.length).toBe(upload.size);
      expect(sha(bytes)).toBe(upload.sha256);
      expect(row!.contentHmac).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.contentHmac).not.toBe(upload.sha256); // keyed: the plain SHA-256 is not stored
      expect((await sharp(bytes).metadata()).format).toBe(upload.mimeType === 'image/png' ? 'png' : 'jpeg');
    }
    const [license, idCard, bmp] = uploads.map((u) => u.mediaId) as [string, string, string];
    const formData = completeFormDataFixture({
      licenseCopy: license,
      idCardCopy: idCard,
      idCardNational: bmp,
      storeEntrancePics: [bmp],
      storeIndoorPics: [license],
    });
    const submitted = await (
      await onboardingProvider('providerA', platform.platformId)
    ).submitApplication({
      submissionId: `media_${randomBytes(6).toString('hex')}`,
      formData,
    });
    expect(submitted.applymentId).toBeTruthy();
    expect(JSON.stringify((await sandbox.control(platform.apiKey, 'GET', '/providerA/applyments')).body)).toContain(
      submitted.applymentId,
    );
  });

  it('uploads to providerB when asked, with ids the providerB sandbox accepts', async () => {
    const upload = await created(
      await post(mediaForm({ bytes: await noiseJpeg(100, 100), name: 'a.jpg' }, 'providerB')),
    );
    expect(upload.provider).toBe('providerB');
    const formData = completeFormDataFixture({
      ...formDataFromReference('providerB'),
      licenseCopy: upload.mediaId,
      idCardCopy: upload.mediaId,
      idCardNational: upload.mediaId,
      storeEntrancePics: [upload.mediaId],
      storeIndoorPics: [upload.mediaId],
    });
    const submitted = await (
      await onboardingProvider('providerB', platform.platformId)
    ).submitApplication({
      submissionId: `media_${randomBytes(6).toString('hex')}`,
      formData,
    });
    expect(submitted.applymentId).toBeTruthy();
  });

  it('refuses 12 MB with 413 (declared over HTTP and streamed without a length), storing and sending nothing', async () => {
    const before = { rows: (await rows()).length, upstream: await upstreamUploads() };
    const big = Buffer.concat([await noiseJpeg(16, 16), randomBytes(12 * MB)]);
    await problem(await post(mediaForm({ bytes: big, name: 'big.jpg', type: 'image/jpeg' })), 413, 'payload_too_large');
    const server = await serveOverHttp((request) => mediaRoute.POST(request, { params: undefined as never }));
    try {
      const response = await fetch(`${server.url}/v1/payments/media`, {
        method: 'POST',
        headers: apiHeaders(platform.apiKey),
        body: mediaForm({ bytes: big, name: 'big.jpg' }),
      });
      await problem(response, 413, 'payload_too_large');
    } finally {
      await server.close();
    }
    expect({ rows: (await rows()).length, upstream: await upstreamUploads() }).toEqual(before);
  });

  it('refuses by content, not by name: a PDF named .jpg and a text file are 415; no file part is 400 /file', async () => {
    await problem(
      await post(mediaForm({ bytes: pdfBytes(), name: 'license.jpg', type: 'image/jpeg' })),
      415,
      'unsupported_media_type',
    );
    await problem(
      await post(mediaForm({ bytes: Buffer.from('just some notes\n'), name: 'notes.txt', type: 'text/plain' })),
      415,
      'unsupported_media_type',
    );
    expect(
      (await problem(await post(mediaForm(undefined, 'providerA')), 400, 'invalid_request')).errors[0]?.pointer,
    ).toBe('/file');
    const badProvider = await post(mediaForm({ bytes: await noiseJpeg(8, 8), name: 'a.jpg' }, 'providerC'));
    expect((await problem(badProvider, 400, 'invalid_request')).errors[0]?.pointer).toBe('/provider');
    await problem(
      await post(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' }),
      415,
      'unsupported_media_type',
    );
    await problem(
      await post('--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=y' }),
      400,
      'invalid_request',
    );
  });

  it('shrinks an ~8 MB phone photo under 2 MB for providerA and keeps its full size for providerB', async () => {
    const photo = await noiseJpeg(4000, 3000, 85);
    expect(photo.length).toBeGreaterThan(2 * MB);
    expect(photo.length).toBeLessThan(10 * MB);
    const forA = await created(await post(mediaForm({ bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' })));
    expect(forA.size).toBeLessThan(2 * MB);
    const [rowA] = await database().db.select().from(media).where(eq(media.upstreamMediaId, forA.mediaId));
    const bytesA = storedBytes(rowA!);
    expect(bytesA.length).toBe(forA.size);
    expect(rowA!.originalSize).toBe(photo.length);
    const meta = await sharp(bytesA).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: rowA!.width, height: rowA!.height });
    expect(rowA!.width / rowA!.height).toBeCloseTo(4 / 3, 1);

    const forB = await created(
      await post(mediaForm({ bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' }, 'providerB')),
    );
    expect(forB).toMatchObject({ provider: 'providerB', mimeType: 'image/jpeg' });
    expect(forB.size).toBeLessThanOrEqual(10 * MB);
    const [rowB] = await database().db.select().from(media).where(eq(media.upstreamMediaId, forB.mediaId));
    expect(await sharp(storedBytes(rowB!)).metadata()).toMatchObject({ width: 4000, height: 3000 });
  }, 60_000);

  it('refuses a decompression bomb (small PNG, 48 megapixels) with 413 before decoding or sending it', async () => {
    const before = { rows: (await rows()).length, upstream: await upstreamUploads() };
    const bomb = await solidPng(8000, 6000);
    expect(bomb.length).toBeLessThan(MB);
    const body = await problem(await post(mediaForm({ bytes: bomb, name: 'bomb.png' })), 413, 'payload_too_large');
    expect(body.detail).toMatch(/8000×6000 pixels \(48 megapixels\); the limit is 40 megapixels/);
    expect({ rows: (await rows()).length, upstream: await upstreamUploads() }).toEqual(before);
  });

  it('is idempotent: the same image twice (also concurrently) gives one mediaId, one row, one upstream upload', async () => {
    const image = await noisePng(64, 64);
    const before = await upstreamUploads();
    const first = await created(await post(mediaForm({ bytes: image, name: 'a.png' })));
    const second = await created(await post(mediaForm({ bytes: image, name: 'renamed.png' })));
    expect(second).toEqual(first);
    expect(await upstreamUploads()).toBe(before + 1);
    const stored = await database()
      .db.select()
      .from(media)
      .where(and(eq(media.platformId, platform.platformId), eq(media.upstreamMediaId, first.mediaId)));
    expect(stored).toHaveLength(1);

    const racing = await noisePng(64, 64);
    const rowsBefore = (await rows()).length;
    const results = await Promise.all(
      [0, 1, 2].map(() => post(mediaForm({ bytes: racing, name: 'r.png' })).then(created)),
    );
    expect(new Set(results.map((r) => r.mediaId)).size).toBe(1);
    expect((await rows()).length).toBe(rowsBefore + 1);
  });
});
