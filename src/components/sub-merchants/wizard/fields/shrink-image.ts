/** The seller's phone sends at most this much per photo (mobile data): the upstreams take 2 MB at most anyway. */
export const PHONE_PHOTO_BYTES = 2 * 1024 * 1024;
export const PHONE_PHOTO_SIDES = [2560, 2048, 1600, 1280] as const;

/**
 * Phone cameras easily produce photos above the 10 MB upload limit. Such a photo is redrawn in the browser as
 * a JPEG with at most `side` pixels on its long edge (the upstreams want far less anyway; the server shrinks
 * further to the provider's own limit). Returns the original file when it already fits, cannot be decoded, or
 * comes out no smaller (unless `always`).
 */
export async function shrinkForUpload(
  file: File,
  maxBytes: number,
  /** `always`: redraw even a photo that fits (a type the server refuses, e.g. HEIC); `sides`: long edges to try. */
  options: { always?: boolean; sides?: readonly number[] } = {},
): Promise<File> {
  if ((!options.always && file.size <= maxBytes) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    // The first size that fits wins; when none does, the smallest is still better than the original to send.
    let smallest: Blob | null = null;
    for (const side of options.sides ?? [4096, 3072, 2048]) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob && (!smallest || blob.size < smallest.size)) smallest = blob;
      if (blob && blob.size <= maxBytes) break;
    }
    if (!smallest || (!options.always && smallest.size >= file.size)) return file;
    return new File([smallest], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
