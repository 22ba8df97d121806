/** The media area's operations (docs/product/decisions.md §4): uploads through /v1 and /admin, and the console's preview. */
import { mediaSchema } from '@/server/services/media/media-dto';
import type { Operation } from './operations';
import { providers } from '@/domain/providers';

const uploadForm: NonNullable<Operation['multipart']> = {
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

const uploadDescription =
  "Sends the image to the provider's media upload and returns its media id, for formData fields ending in `Copy` or `Pics` " +
  "of this platform's records for that provider (a submit refuses other media ids). Every image is decoded and re-encoded " +
  "without its metadata (EXIF, GPS position, XMP, comments, PNG text chunks); photos above the provider's limit (providerA 2 MB, " +
  'providerB 10 MB) become JPEG and are downscaled to fit; BMP is converted to JPEG. Uploading the same image again returns the ' +
  'same `mediaId` without a second upstream upload, so a retry is safe. ' +
  '413 `payload_too_large`: over 10 MB, or more than 40 megapixels (checked from the header, before decoding). ' +
  '415 `unsupported_media_type`: not multipart/form-data, not a JPEG, PNG or BMP, or corrupt or truncated. 400: no `file` part, or a bad `provider`.';

const created = {
  201: { description: 'Uploaded (or the same image was already uploaded for this provider).', schema: mediaSchema },
};

export const mediaOperations: Operation[] = [
  {
    method: 'post',
    path: '/v1/payments/media',
    operationId: 'uploadMedia',
    summary: 'Upload an onboarding image',
    description: uploadDescription,
    tag: 'Media',
    serviceCode: 'payments',
    auth: 'apiKey',
    multipart: uploadForm,
    responses: created,
    errors: [400, 401, 403, 413, 415, 422, 502, 504],
  },
  {
    method: 'post',
    path: '/admin/payment-onboardings/{tenantId}/media',
    operationId: 'uploadOnboardingMedia',
    summary: 'Upload an onboarding image (console or API key)',
    description: `${uploadDescription} Accepts an API key of the platform \`tenantId\` (no X-Service-Code) or a console session with the operator role on it; another platform is 404. With a session, a request another site sends (Sec-Fetch-Site or Origin of another site) is 403.`,
    tag: 'Media',
    auth: 'apiKeyOrSession',
    multipart: uploadForm,
    responses: created,
    errors: [400, 401, 403, 404, 413, 415, 422, 502, 504],
  },
  {
    method: 'get',
    path: '/admin/payment-onboardings/{tenantId}/media/{mediaId}',
    operationId: 'getOnboardingMedia',
    summary: 'Preview an uploaded image',
    description:
      "The bytes that were sent upstream for `mediaId` (the provider's media id), with their content type. Images of another platform are 404. " +
      'Not embeddable by other origins (Cross-Origin-Resource-Policy: same-origin); with a session, a cross-site read is 403.',
    tag: 'Media',
    auth: 'apiKeyOrSession',
    responses: { 200: { description: 'The image.', binary: ['image/jpeg', 'image/png'] } },
    errors: [401, 403, 404],
  },
];
