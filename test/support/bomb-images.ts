/**
 * Hand-made hostile images: headers that declare far more pixels than the file holds (pixel floods), and a PNG
 * whose text chunk inflates to a gigabyte (metadata decompression bomb). Built byte by byte, because no encoder
 * will write them.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { writeBmp24Header } from './test-images';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One PNG chunk with a correct CRC (decoders reject wrong ones before looking further). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** A valid-looking RGB PNG header declaring width×height, with a token IDAT: about 100 bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOF0 + SOS) declaring width×height (at most 65535 each), with no real scan data. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, sos, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** A 54-byte BMP header (BITMAPINFOHEADER, 24-bit) declaring width×height and no pixel data. */
export function bmpDeclaring(width: number, height: number): Buffer {
  const out = Buffer.alloc(54);
  writeBmp24Header(out, width, height, 0);
  return out;
}

/**
 * `png` with a zTXt chunk that inflates to `inflatedMegabytes` of zeros (about 1 KB compressed per MB) and an
 * incompressible tEXt chunk of `paddingBytes`, so the file can be pushed over a provider's size limit and take
 * the full decode path. Compressed in 1 MB steps: the gigabyte never exists in memory here.
 */
export async function pngWithTextBomb(png: Buffer, inflatedMegabytes: number, paddingBytes: number): Promise<Buffer> {
  const compressed = await new Promise<Buffer>((resolve, reject) => {
    const deflate = zlib.createDeflate({ level: 9 });
    const parts: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => parts.push(chunk));
    deflate.on('error', reject);
    deflate.on('end', () => resolve(Buffer.concat(parts)));
    void (async () => {
      const zeros = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < inflatedMegabytes; i++) if (!deflate.write(zeros)) await once(deflate, 'drain');
      deflate.end();
    })();
  });
  const afterHeader = PNG_SIGNATURE.length + 25; // signature + IHDR chunk
  const padding = Buffer.from(
    randomBytes(Math.ceil(paddingBytes / 2))
      .toString('hex')
      .slice(0, paddingBytes),
    'latin1',
  );
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), compressed])),
    pngChunk('tEXt', Buffer.concat([Buffer.from('Padding\0', 'latin1'), padding])),
    png.subarray(afterHeader),
  ]);
}

/**
 * A real baseline JPEG's headers (quantisation and Huffman tables included) declaring width×height, with the
 * scan's data cut to nothing: what the outside attack sent (about 250 bytes). Decoders fill it with grey after a
 * full-size decode instead of refusing it.
 */
export function jpegWithEmptyScan(small: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(small);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  const sos = out.indexOf(Buffer.from([0xff, 0xda]));
  if (sof < 0 || sos < 0) throw new Error('not a baseline JPEG');
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  const scanStart = sos + 2 + out.readUInt16BE(sos + 2);
  return Buffer.concat([out.subarray(0, scanStart), Buffer.from([0xff, 0xd9])]);
}
