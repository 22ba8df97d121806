/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { templatesQuery } from '@/schemas/mini-program-requests';
import { templatesSchema } from '@/schemas/mini-program-responses';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/miniprogram/templates',
    operationId: 'listMiniProgramTemplates',
    summary: 'List code templates',
    description:
      "`upstream` mode (default) lists the templates of the provider's template library; `manual` mode (platform config `miniprogram.template_mode`, or `.providerA` / `.providerB`) " +
      'lists the templates entered in the console: with `tenant_id`, those for that seller and those for every seller.',
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    query: templatesQuery,
    responses: { 200: { description: 'The mode and its templates.', schema: templatesSchema } },
    errors: [400, 401, 403, 422, 429, 502, 504],
  },
];
