import sharp from 'sharp';
import * as itemRoute from '@/app/v1/payments/sub-merchants/[id]/route';
import * as submitRoute from '@/app/v1/payments/sub-merchants/[id]/submit/route';
import * as collectionRoute from '@/app/v1/payments/sub-merchants/route';
import { completeFormDataFixture } from '@/schemas/form-data/fixtures';
import type { FormDataPatch } from '@/schemas/form-data';
import type { Provider } from '@/server/db/schema';
import { onboardingProvider } from '@/server/providers/onboarding-providers';
import { apiHeaders, callRoute } from './call-route';

/** Real images uploaded to the platform's sandbox through its provider client, so that upstream knows their media ids. */
export async function uploadTestImages(provider: Provider, platformId: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
  const upload = async () => (await onboardingProvider(provider, platformId).uploadImage({ bytes, filename: 'photo.jpg', mimeType: 'image/jpeg' })).mediaId;
  const [license, front, back, entrance, indoor] = [await upload(), await upload(), await upload(), await upload(), await upload()];
  return { licenseCopy: license, idCardCopy: front, idCardNational: back, storeEntrancePics: [entrance!], storeIndoorPics: [indoor!] };
}

export async function completeFormData(provider: Provider, platformId: string, overrides: FormDataPatch = {}) {
  return completeFormDataFixture({ ...(await uploadTestImages(provider, platformId)), ...overrides });
}

/** The /v1 payments routes, called as Next.js calls them. */
export function paymentsApi(apiKey: string) {
  const headers = (extra: Record<string, string> = {}) => ({ ...apiHeaders(apiKey), 'content-type': 'application/json', ...extra });
  const send = async (response: Promise<Response>) => {
    const r = await response;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
    return { status: r.status, headers: r.headers, body: (r.status === 304 ? {} : await r.json()) as Record<string, any> };
  };
  return {
    create: (body: unknown) => send(callRoute(collectionRoute.POST, '/v1/payments/sub-merchants', { method: 'POST', headers: headers(), body: JSON.stringify(body) })),
    list: (query = '') => send(callRoute(collectionRoute.GET, `/v1/payments/sub-merchants${query}`, { headers: headers() })),
    get: (id: string, extra: Record<string, string> = {}) =>
      send(callRoute(itemRoute.GET, `/v1/payments/sub-merchants/${id}`, { headers: headers(extra), params: { id } })),
    put: (id: string, body: unknown, extra: Record<string, string> = {}) =>
      send(callRoute(itemRoute.PUT, `/v1/payments/sub-merchants/${id}`, { method: 'PUT', headers: headers(extra), body: JSON.stringify(body), params: { id } })),
    submit: (id: string, body: unknown = {}) =>
      send(callRoute(submitRoute.POST, `/v1/payments/sub-merchants/${id}/submit`, { method: 'POST', headers: headers(), body: JSON.stringify(body), params: { id } })),
  };
}
