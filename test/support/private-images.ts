/**
 * Photos as phones and scanners write them, with what must never be kept or sent on: EXIF (GPS position, the
 * camera's serial number, a description), XMP, a JPEG comment segment and PNG text chunks. And images that only
 * look valid: a PNG whose pixel data is garbage, a JPEG cut short. Plus a scan of every stored column for
 * image bytes, whatever encoding a column gives them.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DatabaseHandle } from '@/server/db';
import { pngChunk } from './bomb-images';

/** Strings planted in the metadata: none of them may appear in what is stored or sent upstream. */
export const PLANTED = {
  serial: 'SERIAL-99887766',
  description: 'desc-HOME-ADDRESS-7781',
  userComment: 'user-COMMENT-4410',
  xmpCreator: 'xmp-CREATOR-5544',
  jpegComment: 'com-SEGMENT-1234',
  pngComment: 'png-TEXT-5678',
  pngAuthor: 'png-AUTHOR-4242',
  make: 'AcmeCam-Pro',
} as const;

const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/** A JPEG with EXIF (camera, serial, description, GPS position), XMP and a COM segment. */
export async function jpegWithPrivateMetadata(width = 96, height = 64): Promise<Buffer> {
  const jpeg = await noise(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: PLANTED.make, Model: 'X1', ImageDescription: PLANTED.description },
      IFD2: { BodySerialNumber: PLANTED.serial, UserComment: PLANTED.userComment },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 3/1' },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${PLANTED.xmpCreator}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
  const text = Buffer.from(PLANTED.jpegComment, 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), com, text, jpeg.subarray(2)]);
}

/** The EXIF block points at a GPS IFD (tag 0x8825), in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

const PNG_SIGNATURE_AND_IHDR = 8 + 25;

/** A PNG with tEXt chunks (a comment and an author) right after its header. */
export async function pngWithTextChunks(width = 64, height = 48): Promise<Buffer> {
  const png = await noise(width, height).png().toBuffer();
  return Buffer.concat([
    png.subarray(0, PNG_SIGNATURE_AND_IHDR),
    pngChunk('tEXt', Buffer.from(`Comment\0${PLANTED.pngComment}`, 'latin1')),
    pngChunk('tEXt', Buffer.from(`Author\0${PLANTED.pngAuthor}`, 'latin1')),
    png.subarray(PNG_SIGNATURE_AND_IHDR),
  ]);
}

/** A PNG whose header and chunk CRCs are valid but whose compressed pixel data is garbage. */
export async function pngWithGarbageIdat(width = 64, height = 48): Promise<Buffer> {
  const png = await noise(width, height).png().toBuffer();
  const at = png.indexOf('IDAT', 0, 'latin1');
  const length = png.readUInt32BE(at - 4);
  const data = Buffer.from(png.subarray(at + 4, at + 4 + length));
  data.fill(0x41, 2); // keep the zlib header, ruin the deflate stream
  return Buffer.concat([png.subarray(0, at - 4), pngChunk('IDAT', data), png.subarray(at + 4 + length + 4)]);
}

/** A baseline JPEG cut off before its end: the header is intact, a third of the scan is missing. */
export async function truncatedJpeg(width = 96, height = 64): Promise<Buffer> {
  const jpeg = await noise(width, height).jpeg({ quality: 90 }).toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.66));
}

/** Every value of every bytea, text, varchar and json(b) column in the public schema, as a dump would hold it. */
export async function dumpColumns(
  handle: DatabaseHandle,
): Promise<{ column: string; bytea: boolean; value: string }[]> {
  const { rows } = await handle.executeSql(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = 'public' and data_type in ('bytea', 'text', 'character varying', 'json', 'jsonb')`,
  );
  const values: { column: string; bytea: boolean; value: string }[] = [];
  for (const { table_name, column_name, data_type } of rows as {
    table_name: string;
    column_name: string;
    data_type: string;
  }[]) {
    const bytea = data_type === 'bytea';
    const expression = bytea ? `encode("${column_name}", 'hex')` : `"${column_name}"::text`;
    const result = await handle.executeSql(
      `select ${expression} as value from "${table_name}" where "${column_name}" is not null`,
    );
    for (const { value } of result.rows as { value: string }[])
      values.push({ column: `${table_name}.${column_name}`, bytea, value });
  }
  return values;
}

/**
 * Where image bytes show in a dump: JPEG/PNG signatures (as bytea hex, or base64 at the start of a value), any
 * 24-byte run of the known images (as hex, or as base64/base64url of a 3-byte-aligned run), and the planted
 * metadata strings. Returns `column: what` for each finding.
 */
export function imageLeaks(dump: { column: string; bytea: boolean; value: string }[], knownImages: Buffer[]): string[] {
  const needles: [string, string][] = [
    ['ffd8ff', 'JPEG signature (hex)'],
    ['89504e470d0a1a0a', 'PNG signature (hex)'],
    ['/9j/', 'JPEG signature (base64)'],
    ['iVBORw0KGgo', 'PNG signature (base64)'],
    ...Object.values(PLANTED).map((text): [string, string] => [text, `planted metadata ${text}`]),
  ];
  knownImages.forEach((image, n) => {
    for (const offset of [300, Math.floor(image.length / 2 / 3) * 3, image.length - 27 - ((image.length - 27) % 3)]) {
      const run = image.subarray(offset, offset + 24);
      needles.push([run.toString('hex'), `image ${n} bytes at ${offset} (hex)`]);
      needles.push([run.toString('base64'), `image ${n} bytes at ${offset} (base64)`]);
      needles.push([run.toString('base64url'), `image ${n} bytes at ${offset} (base64url)`]);
    }
  });
  const found = new Set<string>();
  for (const { column, bytea, value } of dump) {
    for (const [needle, what] of needles) {
      // A signature only means something at the start of a bytea value or a base64 text.
      const signature = what.includes('signature');
      const hit = signature
        ? bytea
          ? value.startsWith(needle)
          : value.startsWith(needle) || value.includes(`"${needle}`)
        : value.includes(needle);
      if (hit) found.add(`${column}: ${what}`);
    }
  }
  return [...found];
}
