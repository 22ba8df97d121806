/** The image upload both /v1/payments/media and /admin/…/media accept (docs/product/decisions.md §4). */
import { providers } from '@/domain/providers';
import { mediaSchema } from '@/server/services/media/media-dto';
import type { Operation } from './operation';

export const uploadForm: NonNullable<Operation['multipart']> = {
  properties: {
    file: {
      type: 'string',
      contentMediaType: 'image/*',
      description:
        'The image: JPEG, PNG or BMP, recognised by its content (not its name or declared type). At most 10 MB.',
    },
    provider: {
      type: 'string',
      enum: [...providers],
      default: 'providerA',
      description: 'The provider the media id is for; a media id works with one provider only.',
    },
  },
  required: ['file'],
  encoding: { file: { contentType: 'image/jpeg, image/png, image/bmp' } },
};

export const uploadDescription =
  "Sends the image to the provider's media upload and returns its media id, for formData fields ending in `Copy` or `Pics` " +
  "of this platform's records for that provider (a submit refuses other media ids). Every image is decoded and re-encoded " +
  "without its metadata (EXIF, GPS position, XMP, comments, PNG text chunks); photos above the provider's limit (providerA 2 MB, " +
  'providerB 10 MB) become JPEG and are downscaled to fit; BMP is converted to JPEG. Uploading the same image again returns the ' +
  'same `mediaId` without a second upstream upload, so a retry is safe. ' +
  '413 `payload_too_large`: over 10 MB, or more than 40 megapixels (checked from the header, before decoding). ' +
  '415 `unsupported_media_type`: not multipart/form-data, not a JPEG, PNG or BMP, or corrupt or truncated. 400: no `file` part, or a bad `provider`. ' +
  '422 `image_data_incomplete`: the compressed pixel data is shorter than the declared size can possibly need (checked before decoding). ' +
  "503 `decoding_busy` with `Retry-After`: the instance's image decoding is full, or this platform already uses its share of it; retry after that many seconds. " +
  'Bytes after the image’s end marker are dropped by the re-encoding.';

export const uploadAnswers = {
  201: { description: 'Uploaded (or the same image was already uploaded for this provider).', schema: mediaSchema },
};
