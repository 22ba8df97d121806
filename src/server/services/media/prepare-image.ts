/**
 * Makes an uploaded image acceptable to a provider: dimensions are checked from the header before any pixel is
 * decoded (decompression bombs: a few KB of PNG can declare billions of pixels), BMP becomes JPEG, and an
 * image above the provider's byte limit is re-encoded, first with lower JPEG quality, then downscaled.
 * The work is deterministic, so the same upload yields the same bytes (and the same sha256) every time.
 */
import sharp, { type Sharp } from 'sharp';
import { AppError } from '@/server/errors';
import { decodeBmp, readBmpHeader } from './decode-bmp';
import type { ImageType } from './detect-image-type';

/** 40 megapixels: above any phone camera's default output, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * BMP is decoded in JavaScript, on the event loop: a 5 MB 1-bit BMP of 40 MP blocked it for about a second.
 * Within the 10 MB upload limit a 24-bit BMP holds at most 3.5 MP and an 8-bit one 10 MP, so 12 MP refuses only
 * low-bit-depth giants, and bounds the block to about a quarter of that.
 */
export const MAX_BMP_PIXELS = 12_000_000;
const QUALITY_STEPS = [85, 75, 65];
const RESIZE_QUALITY = 75;
const RESIZE_ATTEMPTS = 6;

export type PreparedImage = {
  bytes: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** false when the upload is passed on byte for byte. */
  reencoded: boolean;
};

const unreadable = (cause: unknown) =>
  new AppError('unsupported_media_type', 'The file looks like an image but cannot be decoded; upload a valid JPEG, PNG or BMP.', { cause });

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

/** A fresh pipeline per attempt (a sharp instance is single-use); orientation applied, alpha on white. */
function sourceOf(bytes: Uint8Array, type: ImageType): () => Sharp {
  if (type === 'image/bmp') {
    const { width, height, rgb } = decodeBmp(bytes);
    return () => sharp(rgb, { raw: { width, height, channels: 3 } });
  }
  return () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().flatten({ background: '#ffffff' });
}

async function encodeToFit(source: () => Sharp, width: number, height: number, maxBytes: number): Promise<PreparedImage> {
  let lastSize = 0;
  for (const quality of QUALITY_STEPS) {
    const { data, info } = await source().jpeg({ quality }).toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height, reencoded: true };
    lastSize = data.length;
    // Quality alone rarely buys more than a third: far above the limit, go straight to downscaling.
    if (data.length > maxBytes * 1.5) break;
  }
  let scale = 1;
  for (let attempt = 0; attempt < RESIZE_ATTEMPTS; attempt++) {
    // Bytes grow roughly with the pixel count: aim 10% under the limit by area.
    scale *= Math.sqrt(maxBytes / lastSize) * 0.9;
    const target = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    const { data, info } = await source().resize(target.width, target.height, { fit: 'fill' }).jpeg({ quality: RESIZE_QUALITY }).toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height, reencoded: true };
    lastSize = data.length;
  }
  throw new AppError('payload_too_large', `The image cannot be reduced below ${maxBytes} bytes; upload a smaller image.`);
}

/**
 * Returns the bytes to send upstream. JPEG and PNG within `maxBytes` pass unchanged; BMP is always converted
 * to JPEG; anything larger is re-encoded as JPEG to fit. Throws 413 for too many pixels, 415 for undecodable data.
 */
export async function prepareImage(input: Uint8Array, type: ImageType, maxBytes: number): Promise<PreparedImage> {
  const { width, height } = await declaredSize(input, type);
  guardPixels(width, height, type);
  if (type !== 'image/bmp' && input.length <= maxBytes) {
    return { bytes: Buffer.from(input), mimeType: type, width, height, reencoded: false };
  }
  try {
    return await encodeToFit(sourceOf(input, type), width, height, maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  }
}
