import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  PLANTED,
  jpegWithPrivateMetadata,
  pngWithGarbageIdat,
  pngWithTextChunks,
  truncatedJpeg,
} from '../../../../support/private-images';
import { noiseBmp, noiseJpeg, noisePng, solidPng } from '../../../../support/test-images';
import { MAX_INPUT_PIXELS, prepareImage } from '@/server/services/media/prepare-image';
import type { ImageType } from '@/server/services/media/detect-image-type';

const prepare = (bytes: Uint8Array, type: ImageType, maxBytes: number) =>
  prepareImage(bytes, type, maxBytes, { owner: 'unit-test' });

/** Rewrites a PNG's IHDR to claim other dimensions (with a valid CRC): a bomb that is cheap to build. */
function claimDimensions(png: Buffer, width: number, height: number) {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('prepareImage', () => {
  it('re-encodes JPEG and PNG within the limit in their own format, the PNG losslessly, deterministically', async () => {
    for (const [bytes, type] of [
      [await noiseJpeg(64, 48), 'image/jpeg'],
      [await noisePng(64, 48), 'image/png'],
    ] as const) {
      const prepared = await prepare(bytes, type, 1024 * 1024);
      expect(prepared).toMatchObject({ mimeType: type, width: 64, height: 48 });
      expect((await prepare(bytes, type, 1024 * 1024)).bytes.equals(prepared.bytes)).toBe(true);
    }
    const png = await noisePng(32, 16);
    const [before, after] = await Promise.all([
      sharp(png).raw().toBuffer(),
      sharp((await prepare(png, 'image/png', 1024 * 1024)).bytes)
        .raw()
        .toBuffer(),
    ]);
    expect(after.equals(before)).toBe(true);
  });

  it('keeps no metadata: EXIF (GPS, serial), XMP and a JPEG comment, PNG text chunks', async () => {
    for (const [bytes, type] of [
      [await jpegWithPrivateMetadata(), 'image/jpeg'],
      [await pngWithTextChunks(), 'image/png'],
    ] as const) {
      const prepared = await prepare(bytes, type, 1024 * 1024);
      const meta = await sharp(prepared.bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.comments]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const text = prepared.bytes.toString('latin1');
      expect(Object.values(PLANTED).filter((planted) => text.includes(planted))).toEqual([]);
    }
  });

  it('refuses a PNG that declares 30000×30000 before decoding it, with 413 and a message about pixels', async () => {
    const bomb = claimDimensions(await solidPng(16, 16), 30000, 30000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30000);
    const error = await failure(prepare(bomb, 'image/png', 2 * 1024 * 1024));
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toMatch(/30000×30000 pixels \(900 megapixels\); the limit is 40 megapixels/);
  });

  it('refuses a real solid-colour PNG just above the pixel limit (small file, 48 megapixels)', async () => {
    const bomb = await solidPng(8000, 6000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(8000 * 6000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect((await failure(prepare(bomb, 'image/png', 10 * 1024 * 1024))).code).toBe('payload_too_large');
  });

  it('shrinks an oversized JPEG below the limit, first by quality and then by size', async () => {
    const photo = await noiseJpeg(640, 480, 95);
    const limit = 60 * 1024;
    expect(photo.length).toBeGreaterThan(limit);
    const prepared = await prepare(photo, 'image/jpeg', limit);
    expect(prepared.bytes.length).toBeLessThanOrEqual(limit);
    const meta = await sharp(prepared.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: prepared.width, height: prepared.height });
    expect(prepared.width).toBeLessThan(640);
    // Deterministic: the same upload gives the same bytes, which is what de-duplication relies on.
    expect((await prepare(photo, 'image/jpeg', limit)).bytes.equals(prepared.bytes)).toBe(true);
  });

  it('converts BMP to JPEG of the same dimensions, and an oversized PNG with alpha to an opaque JPEG', async () => {
    const fromBmp = await prepare(noiseBmp(33, 17), 'image/bmp', 1024 * 1024);
    expect(fromBmp).toMatchObject({ mimeType: 'image/jpeg', width: 33, height: 17 });
    expect((await sharp(fromBmp.bytes).metadata()).format).toBe('jpeg');
    // Fully transparent, but with noise in the colour channels so the PNG is large.
    const rgba = randomBytes(300 * 200 * 4).map((v, i) => (i % 4 === 3 ? 0 : v));
    const transparent = await sharp(rgba, { raw: { width: 300, height: 200, channels: 4 } })
      .png()
      .toBuffer();
    expect(transparent.length).toBeGreaterThan(50_000);
    const flattened = await prepare(transparent, 'image/png', 50_000);
    expect(flattened.mimeType).toBe('image/jpeg');
    const stats = await sharp(flattened.bytes).stats();
    expect(stats.channels[0]!.mean).toBeGreaterThan(250); // transparent became white, not black
  });

  it('applies EXIF orientation when re-encoding and reports the upright size, also of the stored pixels', async () => {
    const sideways = await sharp(await noiseJpeg(80, 40, 95))
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const fitting = await prepare(sideways, 'image/jpeg', 1024 * 1024);
    expect(fitting).toMatchObject({ width: 40, height: 80 });
    const stored = await sharp(fitting.bytes).metadata();
    expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([40, 80, 1]);
    const upright = await prepare(sideways, 'image/jpeg', 1000);
    expect(upright.height).toBeGreaterThan(upright.width);
  });

  it('answers 415 for data behind a valid signature that does not decode, completely: a truncated JPEG, a PNG with garbage pixel data', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await failure(prepare(broken, 'image/jpeg', 1024))).code).toBe('unsupported_media_type');
    for (const [bytes, type] of [
      [await truncatedJpeg(), 'image/jpeg'],
      [await pngWithGarbageIdat(), 'image/png'],
    ] as const) {
      const error = await failure(prepare(bytes, type, 1024 * 1024));
      expect(error.code).toBe('unsupported_media_type');
      expect(error.message).toMatch(/corrupt or truncated/);
    }
  });
});
