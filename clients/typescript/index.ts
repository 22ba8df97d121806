/**
 * A typed client for the onboarding API: openapi-fetch over the types generated from the OpenAPI document
 * (schema.ts, `npm run client:generate`). Paths, parameters, bodies and answers are checked by the compiler.
 *
 *   const api = createOnboardingClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.API_KEY! });
 *   const { data, error } = await api.POST('/v1/payments/sub-merchants', { body: { distributorExternalUserId: 's-1' } });
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';
export type Schemas = components['schemas'];
export type OnboardingClient = Client<paths>;

export type OnboardingClientOptions = {
  /** Where the service runs, e.g. https://onboarding.example.com (no trailing /v1). */
  baseUrl: string;
  /** A platform API key, sk_test_… or sk_live_…. */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
};

/** `X-Service-Code` follows from the path for every area's own endpoints; shared ones (/v1/events) take it per call. */
const areaOf = (pathname: string) =>
  pathname.startsWith('/v1/payments/')
    ? 'payments'
    : pathname.startsWith('/v1/miniprogram/')
      ? 'miniprogram'
      : undefined;

export function createOnboardingClient(options: OnboardingClientOptions): OnboardingClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const serviceCode: Middleware = {
    onRequest({ request }) {
      const area = areaOf(new URL(request.url).pathname);
      if (area && !request.headers.has('x-service-code')) request.headers.set('X-Service-Code', area);
      return request;
    },
  };
  client.use(serviceCode);
  return client;
}

/**
 * POST /v1/payments/media with an image: builds the multipart body the document describes (the generated types
 * see the file part as a string). Pass `idempotencyKey` to make a retry of the upload safe.
 */
export function uploadMedia(
  client: OnboardingClient,
  input: { file: Blob; filename?: string; provider?: 'providerA' | 'providerB'; idempotencyKey?: string },
) {
  return client.POST('/v1/payments/media', {
    params: { header: input.idempotencyKey ? { 'Idempotency-Key': input.idempotencyKey } : {} },
    body: { file: '', ...(input.provider ? { provider: input.provider } : {}) },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', input.file, input.filename ?? 'image');
      if (input.provider) form.append('provider', input.provider);
      return form;
    },
  });
}
