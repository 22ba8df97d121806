/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { providerSchema } from '@/domain/providers';
import { authorizeCallbackQuery } from '@/schemas/mini-program-requests';
import { authorizerSchema } from '@/schemas/mini-program-responses';
import { platformNote, upstreamErrors } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/miniprogram/authorize/callback/{platform}',
    pathParams: { platform: providerSchema },
    operationId: 'completeMiniProgramAuthorization',
    summary: 'Complete an authorization',
    description:
      "Pass on the query of the redirect to your `redirectUri` (`auth_code`, or providerB's `app_auth_code`, and `state`). Stores the authorizer (tokens encrypted at rest) and returns it. " +
      "Unknown, expired or another platform's state → 400 `invalid_state`; a state already used → 409 `state_already_used`. If the upstream exchange fails, the same redirect can be retried. " +
      platformNote,
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    query: authorizeCallbackQuery.in,
    responses: { 200: { description: 'The authorizer.', schema: authorizerSchema } },
    errors: upstreamErrors,
  },
];
