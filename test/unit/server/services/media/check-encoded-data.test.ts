import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { checkEncodedData } from '@/server/services/media/check-encoded-data';
import { jpegWithEmptyScan, pngDeclaring } from '../../../../support/bomb-images';
import { noiseJpeg } from '../../../../support/test-images';

// One colour, the flattest a photo can be: what compresses best and so comes closest to the floors.
const flat = (channels: 1 | 3 = 3) =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 240, g: 240, b: 236 } } }).toColourspace(
    channels === 1 ? 'b-w' : 'srgb',
  );

function refusal(bytes: Uint8Array, type: 'image/jpeg' | 'image/png') {
  try {
    checkEncodedData(bytes, type);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  return undefined;
}

describe('checkEncodedData', () => {
  it('passes flat 12-megapixel JPEGs at every quality, subsampling and coding sharp writes', async () => {
    const variants = {
      'q95 4:2:0': flat().jpeg({ quality: 95 }),
      'q10 4:2:0': flat().jpeg({ quality: 10 }),
      'q1 mozjpeg (progressive, trellis)': flat().jpeg({ quality: 1, mozjpeg: true }),
      'q1 progressive': flat().jpeg({ quality: 1, progressive: true }),
      'q100 4:4:4': flat().jpeg({ quality: 100, chromaSubsampling: '4:4:4' }),
      'q1 greyscale': flat(1).jpeg({ quality: 1, mozjpeg: true }),
      'q50 unoptimised Huffman tables': flat().jpeg({ quality: 50, optimiseCoding: false }),
    };
    for (const [name, pipeline] of Object.entries(variants)) {
      expect(refusal(await pipeline.toBuffer(), 'image/jpeg'), name).toBeUndefined();
    }
  }, 60_000);

  it('passes flat 12-megapixel PNGs: RGB, greyscale, 1-bit palette, 16-bit, interlaced', async () => {
    const variants = {
      rgb: flat().png({ compressionLevel: 9 }),
      grey: flat(1).png({ compressionLevel: 9 }),
      '1-bit palette': flat().png({ palette: true, colours: 2, compressionLevel: 9 }),
      '16-bit': flat().toColourspace('rgb16').png({ compressionLevel: 9 }),
      interlaced: flat().png({ progressive: true, compressionLevel: 9 }),
    };
    for (const [name, pipeline] of Object.entries(variants)) {
      expect(refusal(await pipeline.toBuffer(), 'image/png'), name).toBeUndefined();
    }
  }, 60_000);

  it('refuses an empty scan and a token IDAT under a large declared size, and arithmetic coding', async () => {
    const small = await noiseJpeg(16, 16);
    expect(refusal(jpegWithEmptyScan(small, 6000, 6000), 'image/jpeg')).toBe('image_data_incomplete');
    // Too little even at one bit a block: 640×480 needs 900 bytes of scan in 4:2:0 colour (7,200 blocks).
    expect(refusal(jpegWithEmptyScan(small, 640, 480), 'image/jpeg')).toBe('image_data_incomplete');
    expect(refusal(pngDeclaring(6000, 6000), 'image/png')).toBe('image_data_incomplete');
    expect(refusal(small, 'image/jpeg')).toBeUndefined();
    const arithmetic = Buffer.from(small);
    arithmetic[arithmetic.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc9;
    expect(refusal(arithmetic, 'image/jpeg')).toBe('unsupported_media_type');
  });
});
