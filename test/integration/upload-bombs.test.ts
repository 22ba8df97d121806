/**
 * Upload bombs against POST /v1/payments/media: pixel floods (headers declaring billions of pixels in a few
 * bytes), a metadata decompression bomb, and a giant non-file part. Each is refused (or, for the metadata bomb,
 * handled) without decoding what it declares; nothing is stored and nothing reaches the upstream when refused.
 * Lying Content-Length and chunked bodies are tested over a real socket in e2e/api/upload-bombs.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { apiHeaders, callRoute } from '../support/call-route';
import { bmpDeclaring, jpegDeclaring, pngDeclaring, pngWithTextBomb } from '../support/bomb-images';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { expectRefused, mediaState } from '../support/media-refusals';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm } from '../support/test-images';

const MB = 1024 * 1024;

describeEachDatabase('upload bombs on POST /v1/payments/media', (database) => {
  useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
  });

  const post = (body: BodyInit) =>
    callRoute(mediaRoute.POST, '/v1/payments/media', { method: 'POST', headers: apiHeaders(platform.apiKey), body });
  const state = () => mediaState(database().db, platform.platformId);

  it('refuses pixel floods in PNG, JPEG and BMP (a few bytes declaring up to 4 gigapixels) with 413, before decoding', async () => {
    const before = await state();
    const floods = [
      { name: 'flood.png', bytes: pngDeclaring(50_000, 50_000), pixels: '50000×50000' },
      { name: 'flood.jpg', bytes: jpegDeclaring(65_500, 65_500), pixels: '65500×65500' },
      { name: 'flood.bmp', bytes: bmpDeclaring(50_000, 50_000), pixels: '50000×50000' },
      // BMP is decoded in JavaScript on the event loop, so it has its own, lower limit (12 MP).
      { name: 'event-loop.bmp', bytes: bmpDeclaring(4_000, 4_000), pixels: '4000×4000' },
    ];
    for (const flood of floods) {
      expect(flood.bytes.length).toBeLessThan(200);
      const detail = await expectRefused(
        await post(mediaForm({ bytes: flood.bytes, name: flood.name })),
        413,
        'payload_too_large',
      );
      expect(detail, flood.name).toContain(`${flood.pixels} pixels`);
    }
    // Past what the PNG decoder accepts in a header at all (2 billion columns): refused as undecodable.
    await expectRefused(
      await post(mediaForm({ bytes: pngDeclaring(2_000_000_000, 1), name: 'wide.png' })),
      415,
      'unsupported_media_type',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses a giant non-file part (12 MB text field) with 413 before parsing the form', async () => {
    const before = await state();
    const form = mediaForm({ bytes: jpegDeclaring(8, 8), name: 'small.jpg' });
    form.append('provider', 'x'.repeat(12 * MB));
    await expectRefused(await post(form), 413, 'payload_too_large');
    expect(await state()).toEqual(before);
  });

  it('handles a PNG whose text chunk inflates to 1 GB: the chunk is never inflated, the 8×8 image is re-encoded', async () => {
    const small = await sharp(randomBytes(8 * 8 * 3), { raw: { width: 8, height: 8, channels: 3 } })
      .png()
      .toBuffer();
    // Over providerA's 2 MB limit, so the upload takes the full decode and re-encode path.
    const bomb = await pngWithTextBomb(small, 1024, 1.2 * MB);
    expect(bomb.length).toBeGreaterThan(2 * MB);
    expect(bomb.length).toBeLessThan(3 * MB);
    const response = await post(mediaForm({ bytes: bomb, name: 'text-bomb.png' }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { mimeType: string; size: number };
    expect(body.mimeType).toBe('image/jpeg');
    expect(body.size).toBeLessThan(10_000);
  }, 60_000);
});
