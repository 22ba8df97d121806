import { createHash, randomBytes } from 'node:crypto';
import type { SandboxStore } from '@/sandbox/store';
import { boundaryOf, parseMultipart } from './multipart';
import { errorResponse, jsonResponse, paramError, type ResponseSigner } from './respond';
import { checkRequestSignature } from './verify-authorization';

/** Emulates `POST /v3/merchant/media/upload` (docs/upstream/providerA.md B.7). */

export const MEDIA_KIND = 'providerA.pay.media';
/** applyment4sub's page says 2 MB; the ecommerce page 5 MB ([U]); configurable via the handler context. */
export const DEFAULT_MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type SandboxMedia = {
  media_id: string;
  filename: string;
  sha256: string;
  size: number;
  mime_type: string;
  created_at: string;
};

function sniffImageType(data: Buffer): string | undefined {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0x42 && data[1] === 0x4d) return 'image/bmp';
  return undefined;
}

export async function handleMediaUpload(
  request: Request,
  body: Buffer,
  ctx: { signer: ResponseSigner; store: SandboxStore; maxImageBytes?: number },
): Promise<Response> {
  const { signer } = ctx;
  const boundary = boundaryOf(request.headers.get('content-type'));
  const parts = boundary ? parseMultipart(body, boundary) : [];
  const metaPart = parts.find((p) => p.name === 'meta');
  const filePart = parts.find((p) => p.name === 'file');
  const metaText = metaPart?.data.toString('utf8') ?? '';

  const unsigned = checkRequestSignature(signer, request, metaText);
  if (unsigned) return unsigned;

  if (!metaPart) return paramError(signer, 'meta', '缺少meta信息', 'meta part is required');
  let meta: { filename?: unknown; sha256?: unknown };
  try {
    meta = JSON.parse(metaText) as typeof meta;
  } catch {
    return paramError(signer, 'meta', 'meta信息不是合法的JSON', 'meta is not JSON');
  }
  if (typeof meta.filename !== 'string' || !/^.{1,124}\.(jpg|png|bmp)$/i.test(meta.filename)) {
    return paramError(
      signer,
      'meta.filename',
      '文件名需以 .jpg/.bmp/.png 结尾，且不超过128个字符',
      'invalid filename',
      meta.filename,
    );
  }
  if (typeof meta.sha256 !== 'string' || meta.sha256.length < 1 || meta.sha256.length > 256) {
    return paramError(signer, 'meta.sha256', 'sha256 必填', 'sha256 is required');
  }
  if (!filePart || filePart.data.length === 0) return paramError(signer, 'file', '图片文件为空', 'file is empty');
  if (filePart.data.length > (ctx.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES)) {
    return paramError(signer, 'file', '图片大小超过限制', 'file too large', filePart.data.length);
  }
  const mimeType = sniffImageType(filePart.data);
  if (!mimeType)
    return errorResponse(signer, 403, 'REQUEST_BLOCKED', '未知图片类型', {
      field: 'file',
      issue: 'unknown image type',
      location: 'body',
    });
  const sha256 = createHash('sha256').update(filePart.data).digest('hex');
  // Only the content must match meta: clients name the file part as they like (`blob`, a temp name, or no
  // filename at all), and the host accepts that; meta.filename is the name that counts.
  if (sha256 !== meta.sha256.toLowerCase()) {
    return errorResponse(signer, 403, 'REQUEST_BLOCKED', '图片meta信息不一致', {
      field: 'meta',
      issue: 'meta does not match file',
      location: 'body',
    });
  }

  const media: SandboxMedia = {
    media_id: randomBytes(72).toString('base64url'),
    filename: meta.filename,
    sha256,
    size: filePart.data.length,
    mime_type: mimeType,
    created_at: signer.now().toISOString(),
  };
  await ctx.store.put(MEDIA_KIND, media.media_id, media);
  return jsonResponse(signer, 200, { media_id: media.media_id });
}
