/**
 * What an image upload may cost the instance: an image whose compressed data is too short for the size it
 * declares is refused before any decode (422 `image_data_incomplete`), and decodes run in one bounded pool, in
 * which one platform holds at most half the slots and half the queue, so its burst answers 503 with Retry-After
 * while another platform's upload still goes through. Over the real route handlers (/v1 and the console's /admin
 * route), the sandbox upstream over HTTP.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as adminRoute from '@/app/admin/payment-onboardings/[tenantId]/media/route';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { getFieldCipher } from '@/server/config/field-cipher';
import { media } from '@/server/db/schema';
import { decodePool } from '@/server/services/media/decode-pool';
import { apiHeaders, callRoute } from '../support/call-route';
import { jpegWithEmptyScan, pngDeclaring } from '../support/bomb-images';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { expectRefused, mediaState } from '../support/media-refusals';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import { mediaForm, noiseJpeg } from '../support/test-images';

type Platform = Awaited<ReturnType<typeof createPlatformWithKey>>;
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 236, g: 236, b: 230 } } });

describeEachDatabase('image decoding limits on the upload routes', (database) => {
  useSandboxOverHttp();
  // Two slots and two places in the queue: one platform may hold one of each.
  useEnv({ MEDIA_DECODE_CONCURRENCY: '2', MEDIA_DECODE_QUEUE: '2' });
  let mine: Platform;
  let theirs: Platform;
  let third: Platform;
  beforeAll(async () => {
    [mine, theirs, third] = [
      await createPlatformWithKey(database().db),
      await createPlatformWithKey(database().db),
      await createPlatformWithKey(database().db),
    ];
  });

  const post = (platform: Platform, bytes: Uint8Array, name: string) =>
    callRoute(mediaRoute.POST, '/v1/payments/media', {
      method: 'POST',
      headers: apiHeaders(platform.apiKey),
      body: mediaForm({ bytes, name }),
    });
  const postAdmin = (platform: Platform, bytes: Uint8Array, name: string) =>
    callRoute(adminRoute.POST, `/admin/payment-onboardings/${platform.platformId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.apiKey}` },
      body: mediaForm({ bytes, name }),
      params: { tenantId: platform.platformId },
    });
  const state = (platform: Platform) => mediaState(database().db, platform.platformId);

  it('refuses a JPEG with an empty scan and a PNG with a token IDAT that declare 6000×6000, before decoding', async () => {
    const jpeg = jpegWithEmptyScan(await noiseJpeg(16, 16), 6000, 6000);
    expect(jpeg.length).toBeLessThan(1000);
    const png = pngDeclaring(6000, 6000);
    const before = await state(mine);
    for (const [bytes, name] of [
      [jpeg, 'grey.jpg'],
      [png, 'grey.png'],
    ] as const) {
      for (const send of [post, postAdmin]) {
        const detail = await expectRefused(await send(mine, bytes, name), 422, 'image_data_incomplete');
        expect(detail, name).toMatch(/holds \d+ bytes, fewer than the \d+ its declared size needs/);
      }
    }
    expect(await state(mine)).toEqual(before);
    expect(decodePool().state()).toEqual({ running: 0, waiting: 0 });
  });

  it('accepts genuinely flat photos (one colour, high and lowest quality, progressive, PNG) at 4 megapixels', async () => {
    const flat = [
      [await solid(2400, 1800).jpeg({ quality: 95 }).toBuffer(), 'flat-q95.jpg'],
      [await solid(2400, 1800).jpeg({ quality: 1, mozjpeg: true }).toBuffer(), 'flat-q1-mozjpeg.jpg'],
      [await solid(2400, 1800).jpeg({ quality: 10, progressive: true }).toBuffer(), 'flat-q10-progressive.jpg'],
      [await solid(2400, 1800).png({ compressionLevel: 9 }).toBuffer(), 'flat.png'],
    ] as const;
    for (const [bytes, name] of flat) {
      const response = await post(mine, bytes, name);
      expect(response.status, name).toBe(201);
    }
  }, 60_000);

  it('accepts a JPEG and a PNG with bytes after their end marker (a motion photo’s video) and keeps none of them', async () => {
    const trailer = Buffer.from(`ftypmp42 motion-photo-video ${'x'.repeat(4096)}`);
    for (const [image, name] of [
      [await noiseJpeg(64, 48), 'motion.jpg'],
      [await solid(64, 48).png().toBuffer(), 'trailer.png'],
    ] as const) {
      const response = await post(mine, Buffer.concat([image, trailer]), name);
      expect(response.status, name).toBe(201);
      const { mediaId } = (await response.json()) as { mediaId: string };
      const [row] = await database().db.select().from(media).where(eq(media.upstreamMediaId, mediaId));
      const stored = getFieldCipher().decryptBytes(row!.sealedBytes!);
      expect(stored.includes('motion-photo-video'), name).toBe(false);
      expect(row!.size).toBe(stored.length);
    }
  });

  it('answers 503 with Retry-After past a platform’s share or a full pool, while another platform still uploads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pool = decodePool();
    // My platform holds its share: one decode running, one waiting.
    const held = [pool.run(mine.platformId, () => gate), pool.run(mine.platformId, () => gate)];
    expect(pool.state()).toEqual({ running: 1, waiting: 1 });
    const before = await state(mine);
    for (const send of [post, postAdmin]) {
      const response = await send(mine, await noiseJpeg(40, 30), 'burst.jpg');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await expectRefused(response, 503, 'decoding_busy')).toMatch(/this platform's images/i);
    }
    expect(await state(mine)).toEqual(before);

    // Another platform's upload takes the free slot at once.
    expect((await post(theirs, await noiseJpeg(40, 30), 'theirs.jpg')).status).toBe(201);

    // The pool full (both slots running, both places taken): every platform is told to come back.
    held.push(
      pool.run(theirs.platformId, () => gate),
      pool.run(theirs.platformId, () => gate),
    );
    expect(pool.state()).toEqual({ running: 2, waiting: 2 });
    const full = await post(third, await noiseJpeg(40, 30), 'third.jpg');
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await expectRefused(full, 503, 'decoding_busy')).toMatch(/too many images/i);

    release();
    await Promise.all(held);
    expect(pool.state()).toEqual({ running: 0, waiting: 0 });
    expect((await post(mine, await noiseJpeg(40, 30), 'after.jpg')).status).toBe(201);
  });

  afterAll(() => expect(decodePool().state()).toEqual({ running: 0, waiting: 0 }));
});
