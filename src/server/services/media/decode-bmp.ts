/**
 * A small BMP reader: sharp (libvips) has no BMP loader, and BMP uploads are converted to JPEG anyway. Covers
 * what scanners and Windows tools write: uncompressed 1/4/8-bit palette, 16/24/32-bit, and BI_BITFIELDS.
 * RLE-compressed BMPs are refused (415); they are rare and their decoders are a classic source of bugs.
 */
import { AppError } from '@/server/errors';

export type BmpHeader = {
  width: number;
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  dataOffset: number;
  dibSize: number;
  masks: [number, number, number];
  paletteOffset: number;
  paletteSize: number;
  paletteEntryBytes: number;
};

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

const unsupported = (why: string) => new AppError('unsupported_media_type', `The BMP image cannot be read: ${why}.`);

/** Reads the headers only (no pixel work), so the dimensions can be checked before anything is allocated. */
export function readBmpHeader(bytes: Uint8Array): BmpHeader {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 26) throw unsupported('the header is truncated');
  const dataOffset = buf.readUInt32LE(10);
  const dibSize = buf.readUInt32LE(14);
  if (buf.length < 14 + dibSize) throw unsupported('the header is truncated');
  const core = dibSize === 12;
  const width = core ? buf.readUInt16LE(18) : buf.readInt32LE(18);
  const rawHeight = core ? buf.readInt16LE(20) : buf.readInt32LE(22);
  const bitCount = buf.readUInt16LE(core ? 24 : 28);
  const compression = core ? BI_RGB : buf.readUInt32LE(30);
  if (width <= 0 || rawHeight === 0 || rawHeight === -2147483648) throw unsupported('the dimensions are invalid');
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw unsupported(`${bitCount} bits per pixel is not supported`);
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression))
    throw unsupported('compressed BMPs are not supported');
  const bitfields = compression !== BI_RGB;
  if (bitfields && bitCount !== 16 && bitCount !== 32) throw unsupported('bit fields need 16 or 32 bits per pixel');
  // BITMAPINFOHEADER keeps its masks right after the header; v2+ headers contain them at the same offsets.
  const extraMasks =
    dibSize === 40 ? (compression === BI_BITFIELDS ? 12 : compression === BI_ALPHABITFIELDS ? 16 : 0) : 0;
  if (bitfields && buf.length < 66) throw unsupported('the bit masks are truncated');
  const masks: [number, number, number] = bitfields
    ? [buf.readUInt32LE(54), buf.readUInt32LE(58), buf.readUInt32LE(62)]
    : bitCount === 16
      ? [0x7c00, 0x03e0, 0x001f]
      : [0xff0000, 0x00ff00, 0x0000ff];
  const colorsUsed = core || dibSize < 40 ? 0 : buf.readUInt32LE(46);
  const paletteSize = bitCount <= 8 ? Math.min(colorsUsed || 1 << bitCount, 1 << bitCount) : 0;
  return {
    width,
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bitCount,
    compression,
    dataOffset,
    dibSize,
    masks,
    paletteOffset: 14 + dibSize + extraMasks,
    paletteSize,
    paletteEntryBytes: core ? 3 : 4,
  };
}

function channelReader(mask: number): (pixel: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}

/** Decodes to top-down packed RGB (3 channels). Call only after the caller has accepted the dimensions. */
export function decodeBmp(bytes: Uint8Array): { width: number; height: number; rgb: Buffer } {
  const h = readBmpHeader(bytes);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rowBytes = Math.floor((h.bitCount * h.width + 31) / 32) * 4;
  if (h.dataOffset + rowBytes * h.height > buf.length) throw unsupported('the pixel data is truncated');
  if (h.paletteOffset + h.paletteSize * h.paletteEntryBytes > buf.length) throw unsupported('the palette is truncated');
  const palette: number[][] = [];
  for (let i = 0; i < h.paletteSize; i++) {
    const at = h.paletteOffset + i * h.paletteEntryBytes;
    palette.push([buf[at + 2]!, buf[at + 1]!, buf[at]!]);
  }
  const [red, green, blue] = h.masks.map(channelReader) as [
    (p: number) => number,
    (p: number) => number,
    (p: number) => number,
  ];
  const rgb = Buffer.alloc(h.width * h.height * 3);
  for (let y = 0; y < h.height; y++) {
    const row = h.dataOffset + (h.topDown ? y : h.height - 1 - y) * rowBytes;
    let out = y * h.width * 3;
    for (let x = 0; x < h.width; x++, out += 3) {
      if (h.bitCount <= 8) {
        const bit = x * h.bitCount;
        const index = (buf[row + (bit >> 3)]! >> (8 - h.bitCount - (bit & 7))) & ((1 << h.bitCount) - 1);
        const color = palette[index] ?? [0, 0, 0];
        rgb[out] = color[0]!;
        rgb[out + 1] = color[1]!;
        rgb[out + 2] = color[2]!;
      } else if (h.bitCount === 24) {
        const at = row + x * 3;
        rgb[out] = buf[at + 2]!;
        rgb[out + 1] = buf[at + 1]!;
        rgb[out + 2] = buf[at]!;
      } else {
        const pixel = h.bitCount === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        rgb[out] = red(pixel);
        rgb[out + 1] = green(pixel);
        rgb[out + 2] = blue(pixel);
      }
    }
  }
  return { width: h.width, height: h.height, rgb };
}
