/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { onboardingLinkSchema } from '@/schemas/onboarding-link';
import { revokeOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke',
    operationId: 'revokeOnboardingLink',
    summary: 'Revoke an onboarding link',
    description:
      'The link opens nothing any more and the seller session it opened ends at once. Revoking a revoked link answers it unchanged.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    body: revokeOnboardingLinkBody,
    bodyExample: {},
    responses: { 200: { description: 'The revoked link.', schema: onboardingLinkSchema } },
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  },
];
