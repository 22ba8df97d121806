/** What the media endpoint answers for an accepted image. */
export type MediaAnswer = { mediaId: string; provider: string; mimeType: string; size: number; sha256: string };

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const acceptedTypes = ['image/jpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp'];
const acceptedExtensions = /\.(jpe?g|png|bmp)$/i;

/** The same limits the server applies (JPEG/PNG/BMP, ≤ 10 MB), checked before spending the upload. */
export function checkImageFile(file: { name: string; type: string; size: number }): 'type' | 'size' | 'empty' | null {
  const typeOk = file.type ? acceptedTypes.includes(file.type) : acceptedExtensions.test(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

export const mediaUrl = (platformId: string, mediaId: string) =>
  `/admin/payment-onboardings/${encodeURIComponent(platformId)}/media/${encodeURIComponent(mediaId)}`;

/**
 * Multipart upload with the session's cookie (the operator's or the seller's). XMLHttpRequest rather than fetch: only XHR reports
 * upload progress. Problem+json answers become an UploadError carrying the server's `detail`.
 */
export function uploadMedia(input: {
  /** The console's media route of the platform, or the seller's. */
  url: string;
  provider: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<MediaAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', input.url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Partial<MediaAnswer> & { detail?: string; title?: string };
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.mediaId === 'string') resolve(body as MediaAnswer);
      else reject(new UploadError(xhr.status, body.detail ?? body.title ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError(0, 'network'));
    const form = new FormData();
    form.append('file', input.file);
    form.append('provider', input.provider);
    xhr.send(form);
  });
}

/**
 * Photos picked in this page, by media id: their preview is drawn from the phone's own copy, at once and without
 * downloading what was just uploaded (the seller's media route serves only ids the saved form already holds).
 */
const localPreviews = new Map<string, string>();
export const rememberLocalPreview = (mediaId: string, file: File) => {
  if (typeof URL.createObjectURL === 'function' && !localPreviews.has(mediaId))
    localPreviews.set(mediaId, URL.createObjectURL(file));
};
export const localPreviewOf = (mediaId: string) => localPreviews.get(mediaId);
