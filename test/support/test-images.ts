/**
 * Images for media tests, made with sharp. Noise does not compress away, so byte sizes are predictable and
 * every call yields a different image (no accidental de-duplication between tests).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

export const noiseJpeg = (width: number, height: number, quality = 90) =>
  noise(width, height).jpeg({ quality }).toBuffer();
export const noisePng = (width: number, height: number) => noise(width, height).png().toBuffer();

/** A real decompression bomb: a solid colour compresses to almost nothing, whatever the pixel count. */
export const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** The 54-byte header (BITMAPFILEHEADER + BITMAPINFOHEADER, 24-bit BI_RGB) at the start of `out`. */
export function writeBmp24Header(out: Buffer, width: number, height: number, pixelBytes: number) {
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(pixelBytes, 34);
}

/** A 24-bit bottom-up BI_RGB BMP (sharp cannot write BMP): what Windows Paint saves. */
export function encodeBmp24(width: number, height: number, rgb: Uint8Array): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowBytes * height);
  writeBmp24Header(out, width, height, rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      out[row + x * 3] = rgb[from + 2]!;
      out[row + x * 3 + 1] = rgb[from + 1]!;
      out[row + x * 3 + 2] = rgb[from]!;
    }
  }
  return out;
}

export const noiseBmp = (width: number, height: number) => encodeBmp24(width, height, randomBytes(width * height * 3));

/** A minimal PDF: starts with %PDF, whatever name or type the client claims. */
export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** Multipart body for the media routes; `file` may be omitted to test the 400. */
export function mediaForm(file?: { bytes: Uint8Array; name: string; type?: string }, provider?: string): FormData {
  const form = new FormData();
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  if (provider !== undefined) form.append('provider', provider);
  return form;
}
