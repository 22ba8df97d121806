/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
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
