import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { encodeBmp24 } from '../../../../support/test-images';
import { decodeBmp, readBmpHeader } from '@/server/services/media/decode-bmp';

/** Writes a BMP with a BITMAPINFOHEADER (or a V5 header) around rows given in file order. */
function bmp(o: {
  width: number;
  height: number;
  bitCount: number;
  compression?: number;
  masks?: number[];
  palette?: number[][];
  rows: Buffer[];
  v5?: boolean;
}) {
  const dib = o.v5 ? 124 : 40;
  const masks = o.masks && !o.v5 ? Buffer.alloc(12) : Buffer.alloc(0);
  const palette = Buffer.alloc((o.palette?.length ?? 0) * 4);
  o.palette?.forEach(([r, g, b], i) => palette.set([b!, g!, r!, 0], i * 4));
  const header = Buffer.alloc(14 + dib);
  const offset = header.length + masks.length + palette.length;
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(offset, 10);
  header.writeUInt32LE(dib, 14);
  header.writeInt32LE(o.width, 18);
  header.writeInt32LE(o.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(o.bitCount, 28);
  header.writeUInt32LE(o.compression ?? 0, 30);
  header.writeUInt32LE(o.palette?.length ?? 0, 46);
  const file = Buffer.concat([header, masks, palette, ...o.rows]);
  o.masks?.forEach((m, i) => file.writeUInt32LE(m, 54 + i * 4));
  return file;
}

describe('decodeBmp', () => {
  it('decodes 24-bit bottom-up rows with padding (width not a multiple of 4) back to the same RGB', () => {
    const rgb = Buffer.from(Array.from({ length: 5 * 3 * 3 }, (_, i) => (i * 37) % 256));
    const decoded = decodeBmp(encodeBmp24(5, 3, rgb));
    expect(decoded).toMatchObject({ width: 5, height: 3 });
    expect(decoded.rgb.equals(rgb)).toBe(true);
  });

  it('decodes a top-down 32-bit BI_BITFIELDS image in a V5 header using its masks', () => {
    const pixel = (r: number, g: number, b: number) => ((0xff << 24) | (r << 16) | (g << 8) | b) >>> 0;
    const row = Buffer.alloc(8);
    row.writeUInt32LE(pixel(255, 0, 10), 0);
    row.writeUInt32LE(pixel(1, 2, 3), 4);
    const file = bmp({
      width: 2,
      height: -1,
      bitCount: 32,
      compression: 3,
      masks: [0xff0000, 0xff00, 0xff],
      rows: [row],
      v5: true,
    });
    expect([...decodeBmp(file).rgb]).toEqual([255, 0, 10, 1, 2, 3]);
  });

  it('decodes 16-bit 5-5-5 and 8-bit and 1-bit palette images', () => {
    const row16 = Buffer.alloc(4);
    row16.writeUInt16LE(0x7c00, 0); // pure red in 5-5-5
    row16.writeUInt16LE(0x001f, 2); // pure blue
    expect([...decodeBmp(bmp({ width: 2, height: 1, bitCount: 16, rows: [row16] })).rgb]).toEqual([
      255, 0, 0, 0, 0, 255,
    ]);
    const palette = [
      [10, 20, 30],
      [200, 100, 50],
    ];
    const row8 = Buffer.from([1, 0, 0, 0]);
    expect([...decodeBmp(bmp({ width: 2, height: 1, bitCount: 8, palette, rows: [row8] })).rgb]).toEqual([
      200, 100, 50, 10, 20, 30,
    ]);
    const row1 = Buffer.from([0b01000000, 0, 0, 0]);
    expect([...decodeBmp(bmp({ width: 2, height: 1, bitCount: 1, palette, rows: [row1] })).rgb]).toEqual([
      10, 20, 30, 200, 100, 50,
    ]);
  });

  it('reads the dimensions without touching the pixels, and refuses RLE, truncated data and bad sizes with 415', () => {
    const huge = bmp({ width: 30000, height: 30000, bitCount: 24, rows: [] });
    expect(readBmpHeader(huge)).toMatchObject({ width: 30000, height: 30000 });
    const cases = [
      bmp({ width: 2, height: 1, bitCount: 8, compression: 1, palette: [[0, 0, 0]], rows: [Buffer.alloc(4)] }),
      huge,
      bmp({ width: 0, height: 1, bitCount: 24, rows: [Buffer.alloc(4)] }),
      bmp({ width: 1, height: 1, bitCount: 2, rows: [Buffer.alloc(4)] }),
    ];
    for (const file of cases) {
      const error = (() => {
        try {
          decodeBmp(file);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('unsupported_media_type');
    }
  });
});
