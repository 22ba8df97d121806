import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@/server/errors';
import { parseJsonObject, type PayTransport } from './http-transport';
import { mapUpstreamError } from './map-upstream-error';

/** applyment4sub's upload page says 2 MB (B.7); the media service downsizes photos before calling us. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/bmp': 'bmp',
};

/**
 * WeChat wants 1–128 chars ending in .jpg/.png/.bmp. Non-ASCII and quote characters are replaced so the
 * name reads the same in the meta JSON and the multipart header, and the extension follows the real type.
 */
function uploadFilename(filename: string, extension: string): string {
  const stem =
    filename
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 100) || 'image';
  return `${stem}.${extension}`;
}

/** The multipart body: `meta` first (as the Go SDK sends it), then `file`. */
export function buildMediaUploadBody(input: { bytes: Uint8Array; filename: string; mimeType: string }): {
  meta: string;
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  filename: string;
} {
  const extension = EXTENSIONS[input.mimeType.toLowerCase()];
  if (!extension) throw new AppError('unsupported_media_type', 'providerA accepts JPEG, PNG or BMP images only.');
  if (input.bytes.length === 0) throw new AppError('invalid_request', 'The image is empty.');
  if (input.bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('payload_too_large', 'providerA accepts images up to 2 MB.');
  const filename = uploadFilename(input.filename, extension);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const meta = JSON.stringify({ filename, sha256 });
  const boundary = `----providerA${randomBytes(12).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${input.mimeType.toLowerCase()}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head, 'utf8'), input.bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]);
  return { meta, body, contentType: `multipart/form-data; boundary=${boundary}`, filename };
}

/** `POST /v3/merchant/media/upload`, signed over the meta JSON (B.7) → the upstream media_id. */
export async function uploadMedia(
  transport: PayTransport,
  input: { bytes: Uint8Array; filename: string; mimeType: string },
): Promise<{ mediaId: string }> {
  const { meta, body, contentType } = buildMediaUploadBody(input);
  const result = await transport.send({
    method: 'POST',
    path: '/v3/merchant/media/upload',
    body,
    signBody: meta,
    contentType,
  });
  if (!result.ok) throw mapUpstreamError(result.status, result.error);
  const parsed = parseJsonObject(result.bodyText);
  if (typeof parsed.media_id !== 'string' || parsed.media_id === '') {
    throw new AppError('upstream_unavailable', 'providerA answered the upload without a media_id.');
  }
  return { mediaId: parsed.media_id };
}
