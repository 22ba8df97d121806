/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { createdOnboardingLinkSchema, onboardingLinkSchema } from '@/schemas/onboarding-link';
import { createOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import { listOf } from '@/schemas/sub-merchant';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/v1/payments/sub-merchants/{id}/onboarding-links',
    operationId: 'createOnboardingLink',
    summary: 'Create a hosted onboarding link for the seller',
    description:
      'Mints a link the seller opens on their phone to fill in and submit this record themselves. The link opens one seller session and expires (default 24 hours). A seller opening it once it is expired, used or revoked is sent to `refreshUrl` (mint a new link there), or sees a neutral page when there is none. The `url` is answered only here; send `Idempotency-Key` so a retry gets the same link.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    body: createOnboardingLinkBody,
    bodyExample: {
      returnUrl: 'https://shop.example.com/onboarding/done',
      refreshUrl: 'https://shop.example.com/onboarding/refresh',
      expiresIn: 86400,
    },
    responses: { 201: { description: 'The link, with its url.', schema: createdOnboardingLinkSchema } },
    errors: [400, 401, 403, 404, 409, 413, 415, 422, 429],
  },
  {
    method: 'get',
    path: '/v1/payments/sub-merchants/{id}/onboarding-links',
    operationId: 'listOnboardingLinks',
    summary: "List a record's onboarding links",
    description: 'Newest first, with their status (active, used, expired, revoked); the urls are not answered again.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    responses: {
      200: { description: "The record's links.", schema: listOf(onboardingLinkSchema, 'OnboardingLinkList') },
    },
    errors: [401, 403, 404, 429],
  },
];
