/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { authorizeBody } from '@/schemas/mini-program-requests';
import { authorizationStartedSchema } from '@/schemas/mini-program-responses';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/v1/miniprogram/authorize',
    operationId: 'startMiniProgramAuthorization',
    summary: 'Start a mini-program authorization',
    description:
      'Returns the links a seller opens to authorize your platform on their mini program, and a single-use `state` bound to this platform, provider, `redirectUri` and `tenantId`. ' +
      'After granting, the seller lands on `redirectUri` with `auth_code` and `state`; pass both on to the callback. `redirectUri` must be https (http only for localhost in sandbox mode) ' +
      'and on a host of `miniprogram.redirect_uri_allowlist` when that is set. `mobileAuthUrl` is providerA only.',
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    body: authorizeBody,
    bodyExample: {
      platform: 'providerA',
      redirectUri: 'https://seller.example.com/authorized',
      tenantId: 'seller-1024',
    },
    responses: { 201: { description: 'The authorization links and state.', schema: authorizationStartedSchema } },
    errors: [400, 401, 403, 422, 429, 502, 504],
  },
];
