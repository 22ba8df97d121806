/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { uploadAnswers, uploadDescription, uploadForm } from '@/server/openapi/media-upload';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/admin/payment-onboardings/{tenantId}/media',
    operationId: 'uploadOnboardingMedia',
    summary: 'Upload an onboarding image (console or API key)',
    description: `${uploadDescription} Accepts an API key of the platform \`tenantId\` (no X-Service-Code) or a console session with the operator role on it; another platform is 404. With a session, a request another site sends (Sec-Fetch-Site or Origin of another site) is 403.`,
    tag: 'Media',
    auth: 'apiKeyOrSession',
    multipart: uploadForm,
    responses: uploadAnswers,
    errors: [400, 401, 403, 404, 413, 415, 422, 502, 503, 504],
  },
];
