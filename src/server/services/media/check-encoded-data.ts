/**
 * Refuses, from the bytes alone and before any decode, a JPEG or PNG whose compressed pixel data is missing or
 * too short to hold the picture its header declares. Decoders fill what is missing with grey and still spend the
 * full decode on it: a 247-byte JPEG declaring 6000×6000 cost 1–2 s of CPU. The floors are what the formats
 * themselves cannot go below, so no real image, however flat, is refused:
 * - JPEG (Huffman-coded): every 8×8 block of every component costs at least one bit in the scans (a DC code is
 *   never shorter than one bit), so the entropy-coded bytes are at least (blocks / 8).
 * - PNG: deflate never shrinks data more than 1032:1 (a 258-byte match in two bits), so the IDAT bytes are at
 *   least (unfiltered pixel bytes / 1032).
 * Arithmetic-coded JPEG has no such floor (a flat block can cost a small fraction of a bit); no camera, phone or
 * scanner writes it and browsers cannot show it, so it is refused as unsupported.
 */
import { AppError } from '@/server/errors';
import type { ImageType } from './detect-image-type';

/** The deflate format's best possible ratio (RFC 1951: length 258 and its distance in one bit each). */
const DEFLATE_MAX_RATIO = 1032;

type JpegFrame = { width: number; height: number; components: { h: number; v: number }[]; arithmetic: boolean };

const incomplete = (what: string, found: number, needed: number) =>
  new AppError(
    'image_data_incomplete',
    `The image's ${what} holds ${found} bytes, fewer than the ${needed} its declared size needs at the very least: the file is truncated or crafted. Upload the original image.`,
  );

const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function readFrame(bytes: Uint8Array, at: number, marker: number): JpegFrame {
  const count = bytes[at + 9] ?? 0;
  const components = Array.from({ length: count }, (_, i) => {
    const sampling = bytes[at + 11 + i * 3] ?? 0x11;
    return { h: Math.max(1, sampling >> 4), v: Math.max(1, sampling & 0x0f) };
  });
  return {
    height: ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0),
    width: ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0),
    components,
    arithmetic: marker >= 0xc9,
  };
}

/** Walks the markers; returns the frame and how many entropy-coded bytes follow the scan headers in all. */
function measureJpeg(bytes: Uint8Array): { frame?: JpegFrame; scanBytes: number } {
  let frame: JpegFrame | undefined;
  let scanBytes = 0;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return { frame, scanBytes }; // not a marker: leave the verdict to the decoder
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) break;
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (isSof(marker)) frame ??= readFrame(bytes, at, marker);
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart marker.
    const start = at;
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !standalone(bytes[at + 1]!))) at++;
    scanBytes += Math.max(0, Math.min(at, bytes.length) - start);
  }
  return { frame, scanBytes };
}

/** Blocks per component at its own sampling (what a non-interleaved scan codes; interleaved scans code more). */
function jpegBlocks(frame: JpegFrame) {
  const hMax = Math.max(...frame.components.map((c) => c.h));
  const vMax = Math.max(...frame.components.map((c) => c.v));
  return frame.components.reduce(
    (sum, c) =>
      sum +
      Math.ceil(Math.ceil((frame.width * c.h) / hMax) / 8) * Math.ceil(Math.ceil((frame.height * c.v) / vMax) / 8),
    0,
  );
}

function checkJpeg(bytes: Uint8Array) {
  const { frame, scanBytes } = measureJpeg(bytes);
  // No frame header or a height given later (DNL): the decoder refuses or measures it; nothing to compare here.
  if (!frame || frame.width === 0 || frame.height === 0 || frame.components.length === 0) return;
  if (frame.arithmetic) {
    throw new AppError(
      'unsupported_media_type',
      'Arithmetic-coded JPEG is not accepted (no camera or phone writes it and browsers cannot show it); save the image as a standard JPEG.',
    );
  }
  const needed = Math.ceil(jpegBlocks(frame) / 8);
  if (scanBytes < needed) throw incomplete('scan data', scanBytes, needed);
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function checkPng(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 33) return;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitsPerPixel = (bytes[24] ?? 8) * (CHANNELS[bytes[25] ?? 2] ?? 1);
  let idatBytes = 0;
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT') idatBytes += Math.min(length, bytes.length - at - 8);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  // Filter bytes left out: the bound holds for interlaced images too.
  const needed = Math.ceil(Math.ceil((width * height * bitsPerPixel) / 8) / DEFLATE_MAX_RATIO);
  if (idatBytes < needed) throw incomplete('pixel data (IDAT)', idatBytes, needed);
}

/** Throws 422 `image_data_incomplete` (or 415 for arithmetic-coded JPEG); BMP is checked by its own decoder. */
export function checkEncodedData(bytes: Uint8Array, type: ImageType) {
  if (type === 'image/jpeg') checkJpeg(bytes);
  else if (type === 'image/png') checkPng(bytes);
}
