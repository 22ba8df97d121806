import { AppError } from '@/server/errors';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return PNG_MAGIC.every((byte, i) => bytes[i] === byte);
}

/**
 * get_qrcode answers with a JPEG (D.4) while the service hands out PNG (docs/product/decisions.md §5): convert losslessly
 * from here on. sharp is loaded on first use so importing the client stays cheap.
 */
export async function toPng(bytes: Uint8Array): Promise<Uint8Array> {
  if (isPng(bytes)) return bytes;
  const { default: sharp } = await import('sharp');
  try {
    return new Uint8Array(await sharp(bytes, { limitInputPixels: 16_000_000 }).png().toBuffer());
  } catch {
    throw new AppError('upstream_unavailable', 'providerA answered get_qrcode with an image that could not be read.');
  }
}
