/** The media area's operations (docs/product/decisions.md §4): uploads through /v1 and /admin, and the console's preview. */
import { mediaSchema } from '@/server/services/media/media-dto';
import { z } from 'zod';
import { workQueueExportQuery } from '@/schemas/work-queue-requests';
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
  '415 `unsupported_media_type`: not multipart/form-data, not a JPEG, PNG or BMP, or corrupt or truncated. 400: no `file` part, or a bad `provider`. ' +
  '422 `image_data_incomplete`: the compressed pixel data is shorter than the declared size can possibly need (checked before decoding). ' +
  "503 `decoding_busy` with `Retry-After`: the instance's image decoding is full, or this platform already uses its share of it; retry after that many seconds. " +
  'Bytes after the image’s end marker are dropped by the re-encoding.';

const created = {
  201: { description: 'Uploaded (or the same image was already uploaded for this provider).', schema: mediaSchema },
};

// The export's query as documentation: the route parses it with workQueueExportQuery (ids split on commas).
const exportQuery = workQueueExportQuery.extend({
  ids: z.string().max(6500).optional().describe('Comma-separated sub-merchant ids (at most 100): export these only.'),
});

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
    errors: [400, 401, 403, 413, 415, 422, 502, 503, 504],
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
    errors: [400, 401, 403, 404, 413, 415, 422, 502, 503, 504],
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
  {
    method: 'get',
    path: '/admin/payment-onboardings/{tenantId}/sub-merchants/export',
    operationId: 'exportSubMerchants',
    summary: 'Export sub-merchants as CSV (console or API key)',
    description:
      "The console work queue's current view as CSV, streamed: `tab` (action: drafts and rejections; merchant: to confirm or sign; review; active; all), `q` (name substring, or exactly a licence number, distributor id, applyment id or sub-merchant id), `sort` and `direction`; or only the records in `ids`. One header line, then one line per record; personal fields (contact name and mobile) masked as in every response. `mine=1` (a console session only) limits it to the records assigned to the signed-in operator. Accepts an API key of the platform `tenantId` with the payments service (no X-Service-Code, as on every /admin route) or a console session with the viewer role on it; another platform is 404.",
    tag: 'Sub-merchants',
    auth: 'apiKeyOrSession',
    query: exportQuery,
    responses: { 200: { description: 'The CSV file (UTF-8 with a byte order mark).', binary: ['text/csv'] } },
    errors: [400, 401, 403, 404],
  },
];
