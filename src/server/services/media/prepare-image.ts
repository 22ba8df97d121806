/**
 * Makes an uploaded image acceptable to a provider: dimensions are checked from the header before any pixel is
 * decoded (decompression bombs: a few KB of PNG can declare billions of pixels), then every image is decoded in
 * full and re-encoded. Re-encoding is what strips what phones and scanners put around the pixels (EXIF with GPS
 * position and serial numbers, XMP, IPTC, ICC profiles, comments, PNG text chunks) from an ID card photo; a
 * full decode is what finds a truncated or corrupt image before it is stored or sent. JPEG stays JPEG, PNG stays
 * PNG (lossless), BMP becomes JPEG, and an image above the provider's byte limit becomes a JPEG, first with lower
 * quality, then downscaled. The work is deterministic, so the same upload yields the same bytes every time.
 */
import sharp, { type Sharp } from 'sharp';
import { AppError } from '@/server/errors';
import { checkEncodedData } from './check-encoded-data';
import { decodeBmp, readBmpHeader } from './decode-bmp';
import { decodePool } from './decode-pool';
import type { ImageType } from './detect-image-type';

/** 40 megapixels: above any phone camera's default output, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * BMP is decoded in JavaScript, on the event loop: a 5 MB 1-bit BMP of 40 MP blocked it for about a second.
 * Within the 10 MB upload limit a 24-bit BMP holds at most 3.5 MP and an 8-bit one 10 MP, so 12 MP refuses only
 * low-bit-depth giants, and bounds the block to about a quarter of that.
 */
export const MAX_BMP_PIXELS = 12_000_000;
/** A re-encoded photo that fits as it is keeps this quality: high enough for the fine print of a licence. */
const KEEP_QUALITY = 90;
const QUALITY_STEPS = [85, 75, 65];
const RESIZE_QUALITY = 75;
const RESIZE_ATTEMPTS = 6;

export type PreparedImage = {
  bytes: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
};

const unreadable = (cause: unknown) =>
  new AppError(
    'unsupported_media_type',
    'The file looks like an image but cannot be decoded (corrupt or truncated); upload a valid JPEG, PNG or BMP.',
    { cause },
  );

async function declaredSize(bytes: Uint8Array, type: ImageType) {
  if (type === 'image/bmp') return readBmpHeader(bytes);
  try {
    // Header only: metadata() does not decode pixels, so it is safe before the guard.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
  } catch (error) {
    throw unreadable(error);
  }
}

function guardPixels(width: number, height: number, type: ImageType) {
  if (width <= 0 || height <= 0) throw unreadable(undefined);
  const limit = type === 'image/bmp' ? MAX_BMP_PIXELS : MAX_INPUT_PIXELS;
  if (width * height > limit) {
    const megapixels = Math.round((width * height) / 1_000_000);
    throw new AppError(
      'payload_too_large',
      `The image declares ${width}×${height} pixels (${megapixels} megapixels); the limit is ${limit / 1_000_000} megapixels${type === 'image/bmp' ? ' for BMP' : ''}.`,
    );
  }
}

/**
 * A fresh pipeline per attempt (a sharp instance is single-use), orientation applied. `failOn: 'error'` makes
 * libvips refuse truncated and corrupt data instead of filling the rest with grey; it still accepts what only
 * warns (a PNG's "known incorrect sRGB profile"), which real scanners write. Output carries no metadata: sharp
 * keeps none unless asked (no keepMetadata/withMetadata here).
 */
function decoderOf(bytes: Uint8Array, type: ImageType): () => Sharp {
  if (type === 'image/bmp') {
    const { width, height, rgb } = decodeBmp(bytes);
    return () => sharp(rgb, { raw: { width, height, channels: 3 } });
  }
  return () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/** JPEG has no alpha: transparent areas become white (black is what dropping the channel would give). */
const asJpeg = (decoder: () => Sharp) => () => decoder().flatten({ background: '#ffffff' });

/** The same format again, at full size: what every image that fits the limit becomes. */
async function reencode(decoder: () => Sharp, type: ImageType): Promise<PreparedImage> {
  const png = type === 'image/png';
  const pipeline = png ? decoder().png() : asJpeg(decoder)().jpeg({ quality: KEEP_QUALITY });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: data, mimeType: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}

async function encodeToFit(
  decoder: () => Sharp,
  width: number,
  height: number,
  maxBytes: number,
): Promise<PreparedImage> {
  const source = asJpeg(decoder);
  let lastSize = 0;
  for (const quality of QUALITY_STEPS) {
    const { data, info } = await source().jpeg({ quality }).toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
    lastSize = data.length;
    // Quality alone rarely buys more than a third: far above the limit, go straight to downscaling.
    if (data.length > maxBytes * 1.5) break;
  }
  let scale = 1;
  for (let attempt = 0; attempt < RESIZE_ATTEMPTS; attempt++) {
    // Bytes grow roughly with the pixel count: aim 10% under the limit by area.
    scale *= Math.sqrt(maxBytes / lastSize) * 0.9;
    const target = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    const { data, info } = await source()
      .resize(target.width, target.height, { fit: 'fill' })
      .jpeg({ quality: RESIZE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
    lastSize = data.length;
  }
  throw new AppError(
    'payload_too_large',
    `The image cannot be reduced below ${maxBytes} bytes; upload a smaller image.`,
  );
}

/** Whose decode it is (a platform id), for the decode pool's per-platform share; `wait` for jobs without a client. */
export type DecodeOwner = { owner: string; wait?: boolean };

/**
 * Returns the bytes to send upstream (and to keep for the preview): always a fresh encoding without metadata.
 * JPEG and PNG keep their format when the result fits `maxBytes`; BMP becomes JPEG; anything larger becomes a
 * JPEG that fits. Bytes after the image's end marker (a phone's motion-photo video, a trailer) are not part of the
 * decoded image and so are not in the result. Throws 413 for too many pixels, 422 for compressed data too short
 * for the declared size, 415 for data that does not decode completely, 503 when the decode pool is full; all
 * checks that read only the header run before the image waits for the pool.
 */
export async function prepareImage(
  input: Uint8Array,
  type: ImageType,
  maxBytes: number,
  decodeAs: DecodeOwner,
): Promise<PreparedImage> {
  const { width, height } = await declaredSize(input, type);
  guardPixels(width, height, type);
  checkEncodedData(input, type);
  return decodePool().run(decodeAs.owner, () => decodeToFit(input, type, maxBytes, { width, height }), {
    wait: decodeAs.wait,
  });
}

async function decodeToFit(
  input: Uint8Array,
  type: ImageType,
  maxBytes: number,
  { width, height }: { width: number; height: number },
): Promise<PreparedImage> {
  try {
    const decoder = decoderOf(input, type);
    if (input.length <= maxBytes) {
      const same = await reencode(decoder, type);
      // A fresh encoding is rarely larger than the upload; when it is, shrinking it is the way out.
      if (same.bytes.length <= maxBytes) return same;
    }
    return await encodeToFit(decoder, width, height, maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  }
}
