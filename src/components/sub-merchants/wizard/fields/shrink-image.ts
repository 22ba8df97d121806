/**
 * Phone cameras easily produce photos above the 10 MB upload limit. Such a photo is redrawn in the browser as
 * a JPEG with at most `side` pixels on its long edge (the upstreams want far less anyway; the server shrinks
 * further to the provider's own limit). Returns the original file when it already fits or cannot be decoded.
 */
export async function shrinkForUpload(file: File, maxBytes: number): Promise<File> {
  if (file.size <= maxBytes || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    for (const side of [4096, 3072, 2048]) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob && blob.size <= maxBytes) {
        return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
