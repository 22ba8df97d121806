import sharp from 'sharp';
import * as mediaRoute from '@/app/v1/payments/media/route';
import * as itemRoute from '@/app/v1/payments/sub-merchants/[id]/route';
import * as submitRoute from '@/app/v1/payments/sub-merchants/[id]/submit/route';
import * as collectionRoute from '@/app/v1/payments/sub-merchants/route';
import { completeFormDataFixture } from './form-data-fixtures';
import { formDataFromReference } from './reference-form-data';
import type { FormDataPatch } from '@/schemas/form-data';
import type { Db } from '@/server/db';
import type { Provider } from '@/server/db/schema';
import { uploadMedia } from '@/server/services/media/upload-media';
import { apiHeaders, callRoute } from './call-route';
import { mediaForm } from './test-images';

/** Whoever uploads the images of a form: a submit accepts only media ids its own platform uploaded. */
export type MediaUploader = { uploadImage(bytes: Buffer, provider: Provider): Promise<string> };

/** Uploads through the media service itself, for suites whose platform has no API key. */
export const serviceUploader = (db: Db, platformId: string): MediaUploader => ({
  uploadImage: async (bytes, provider) =>
    (await uploadMedia({ db, platformId, actor: 'test' }, { bytes, filename: 'photo.jpg', provider })).mediaId,
});

let imageSerial = 0;

/** Five real images uploaded through the service (so the upstream knows their ids), new ones on every call. */
export async function uploadTestImages(uploader: MediaUploader, provider: Provider) {
  const upload = async () => {
    // A new colour each time: the same bytes would be de-duplicated into one media id.
    const background = `#${((++imageSerial * 7919 + 0xc0ffee) % 0xffffff).toString(16).padStart(6, '0')}`;
    return uploader.uploadImage(
      await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .jpeg()
        .toBuffer(),
      provider,
    );
  };
  const [license, front, back, entrance, indoor] = [
    await upload(),
    await upload(),
    await upload(),
    await upload(),
    await upload(),
  ];
  return {
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
  };
}

/** A formData that passes the provider's submit rules, its images uploaded for that provider. */
export async function completeFormData(uploader: MediaUploader, provider: Provider, overrides: FormDataPatch = {}) {
  return completeFormDataFixture({
    ...formDataFromReference(provider),
    ...(await uploadTestImages(uploader, provider)),
    ...overrides,
  });
}

/** The /v1 payments routes, called as Next.js calls them. */
export function paymentsApi(apiKey: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...apiHeaders(apiKey),
    'content-type': 'application/json',
    ...extra,
  });
  const send = async (response: Promise<Response>) => {
    const r = await response;
    return {
      status: r.status,
      headers: r.headers,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
      body: (r.status === 304 ? {} : await r.json()) as Record<string, any>,
    };
  };
  return {
    create: (body: unknown) =>
      send(
        callRoute(collectionRoute.POST, '/v1/payments/sub-merchants', {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify(body),
        }),
      ),
    list: (query = '') =>
      send(callRoute(collectionRoute.GET, `/v1/payments/sub-merchants${query}`, { headers: headers() })),
    get: (id: string, extra: Record<string, string> = {}) =>
      send(callRoute(itemRoute.GET, `/v1/payments/sub-merchants/${id}`, { headers: headers(extra), params: { id } })),
    put: (id: string, body: unknown, extra: Record<string, string> = {}) =>
      send(
        callRoute(itemRoute.PUT, `/v1/payments/sub-merchants/${id}`, {
          method: 'PUT',
          headers: headers(extra),
          body: JSON.stringify(body),
          params: { id },
        }),
      ),
    submit: (id: string, body: unknown = {}) =>
      send(
        callRoute(submitRoute.POST, `/v1/payments/sub-merchants/${id}/submit`, {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify(body),
          params: { id },
        }),
      ),
    /** POST /v1/payments/media; the new media id. */
    async uploadImage(bytes: Buffer, provider: Provider) {
      const response = await callRoute(mediaRoute.POST, '/v1/payments/media', {
        method: 'POST',
        headers: apiHeaders(apiKey),
        body: mediaForm({ bytes, name: 'photo.jpg' }, provider),
      });
      if (response.status !== 201)
        throw new Error(`media upload answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { mediaId: string }).mediaId;
    },
  };
}

export { formDataFromReference };
