import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { media, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import type { PlatformContext } from '@/server/services/context';
import { detectImageType, extensionOf } from './detect-image-type';
import { mediaDigest } from './media-digest';
import { toMediaDto, type MediaDto } from './media-dto';
import { prepareImage } from './prepare-image';

/** Hard limit on what we accept (docs/product/decisions.md §4); providers may take less, and we shrink to fit them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing around a file of MAX_UPLOAD_BYTES (boundaries, part headers, `provider`). */
export const MEDIA_REQUEST_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

export type UploadMediaInput = { bytes: Uint8Array; filename: string; provider: Provider };

const summary = {
  upstreamMediaId: media.upstreamMediaId,
  provider: media.provider,
  mimeType: media.mimeType,
  size: media.size,
};

async function findStored(ctx: PlatformContext, provider: Provider, digest: string) {
  const [row] = await ctx.db
    .select(summary)
    .from(media)
    .where(and(eq(media.platformId, ctx.platformId), eq(media.provider, provider), eq(media.contentHmac, digest)))
    .limit(1);
  return row;
}

/** The upstreams want an ASCII name whose extension matches the bytes; the caller's name is only a hint. */
function upstreamFilename(filename: string, mimeType: 'image/jpeg' | 'image/png') {
  const stem = filename
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 64);
  return `${stem.replace(/_/g, '') ? stem : 'image'}.${extensionOf(mimeType)}`;
}

/**
 * Uploads an onboarding image to a provider and keeps the bytes for preview, sealed with the data key ring.
 * The type is taken from the magic bytes; every image is re-encoded without its metadata, and oversized photos
 * are shrunk to the provider's limit. Idempotent per (platform, provider, bytes sent): a repeat, or a retry
 * after a lost response, returns the stored media id without calling upstream.
 * Errors: 400 empty file, 413 over 10 MB or too many pixels, 415 not JPEG/PNG/BMP or not decodable, 422
 * `image_data_incomplete`, 503 `decoding_busy` (with Retry-After), upstream 422/502/504.
 */
export async function uploadMedia(ctx: PlatformContext, input: UploadMediaInput): Promise<MediaDto> {
  if (input.bytes.length > MAX_UPLOAD_BYTES) {
    throw new AppError('payload_too_large', `The file exceeds the limit of ${MAX_UPLOAD_BYTES} bytes (10 MB).`);
  }
  if (input.bytes.length === 0) {
    throw new AppError('invalid_request', 'The file is empty.', {
      errors: [{ pointer: '/file', code: 'empty', message: 'The file is empty.' }],
    });
  }
  const type = detectImageType(input.bytes);
  if (!type)
    throw new AppError(
      'unsupported_media_type',
      'Upload a JPEG, PNG or BMP image (recognised by its content, not its name).',
    );

  const adapter = await onboardingProvider(input.provider, ctx.platformId);
  const prepared = await prepareImage(input.bytes, type, adapter.maxImageBytes, { owner: ctx.platformId });
  const digest = mediaDigest(prepared.bytes);
  const sha256 = createHash('sha256').update(prepared.bytes).digest('hex');
  const existing = await findStored(ctx, input.provider, digest);
  if (existing) return toMediaDto(existing, sha256);

  // Outside any transaction: an HTTP call must never hold a database connection (one on PGlite).
  const { mediaId } = await adapter.uploadImage({
    bytes: prepared.bytes,
    filename: upstreamFilename(input.filename, prepared.mimeType),
    mimeType: prepared.mimeType,
  });
  await ctx.db
    .insert(media)
    .values({
      id: newId('med'),
      platformId: ctx.platformId,
      provider: input.provider,
      upstreamMediaId: mediaId,
      mimeType: prepared.mimeType,
      size: prepared.bytes.length,
      originalSize: input.bytes.length,
      width: prepared.width,
      height: prepared.height,
      contentHmac: digest,
      sealedBytes: getFieldCipher().encryptBytes(prepared.bytes),
      createdBy: ctx.actor,
    })
    // A concurrent upload of the same image may have won the race: keep its row and answer with its id.
    .onConflictDoNothing({ target: [media.platformId, media.provider, media.contentHmac] });
  const stored = await findStored(ctx, input.provider, digest);
  if (!stored) throw new AppError('internal_error', 'The uploaded image was not stored.');
  return toMediaDto(stored, sha256);
}
