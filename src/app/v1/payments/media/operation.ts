/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { uploadAnswers, uploadDescription, uploadForm } from '@/server/openapi/media-upload';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
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
    responses: uploadAnswers,
    errors: [400, 401, 403, 413, 415, 422, 502, 503, 504],
  },
];
