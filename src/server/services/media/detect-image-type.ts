/**
 * The image types the upstreams take for onboarding documents, recognised by their magic bytes only: a file's
 * name and declared Content-Type are the caller's claims, the leading bytes are what the upstream will see.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/bmp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** DIB header sizes of the BMP variants in use (core, info, v2, v3, v4, v5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 108, 124]);

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  // "BM" alone is two printable letters; the DIB header size right after the file header makes it a real BMP.
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) {
    const dibSize = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32LE(14);
    if (BMP_DIB_SIZES.has(dibSize)) return 'image/bmp';
  }
  return null;
}

export const extensionOf = (type: ImageType) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/bmp': 'bmp' })[type];
