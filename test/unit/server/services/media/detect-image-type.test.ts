import { describe, expect, it } from 'vitest';
import { noiseBmp, noiseJpeg, noisePng, pdfBytes } from '../../../../support/test-images';
import { detectImageType } from '@/server/services/media/detect-image-type';

describe('detectImageType', () => {
  it('recognises JPEG, PNG and BMP by their leading bytes', async () => {
    expect(detectImageType(await noiseJpeg(8, 8))).toBe('image/jpeg');
    expect(detectImageType(await noisePng(8, 8))).toBe('image/png');
    expect(detectImageType(noiseBmp(8, 8))).toBe('image/bmp');
  });

  it('refuses everything else, including text that happens to start with "BM" and truncated signatures', () => {
    expect(detectImageType(pdfBytes())).toBeNull();
    expect(detectImageType(Buffer.from('hello, this is a text file'))).toBeNull();
    expect(detectImageType(Buffer.from('BMW owners manual, chapter one: the engine'))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it('reads a view into a larger buffer at its own offset', async () => {
    const jpeg = await noiseJpeg(8, 8);
    const padded = Buffer.concat([Buffer.from('xxxx'), noiseBmp(4, 4)]);
    expect(detectImageType(padded.subarray(4))).toBe('image/bmp');
    expect(detectImageType(Buffer.concat([Buffer.from('x'), jpeg]))).toBeNull();
  });
});
