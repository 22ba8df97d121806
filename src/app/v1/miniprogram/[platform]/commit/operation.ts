/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { commitBody } from '@/schemas/mini-program-requests';
import { commitSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/commit',
    operationId: 'commitMiniProgramCode',
    summary: 'Commit template code',
    description:
      "Uploads the template with your `extJson` as the authorizer's new version (providerB: a version upload). `extJson` is checked before any upstream call: a string holding a JSON object with `extEnable`, `extAppid`, `ext` and `window`.",
    body: commitBody,
    bodyExample: {
      authorizerAppId: exampleAppId,
      templateId: '12',
      extJson: JSON.stringify({
        extEnable: true,
        extAppid: exampleAppId,
        ext: { shopId: 'shop-1' },
        window: { navigationBarTitleText: '示例小店' },
      }),
      userVersion: '1.0.0',
      userDesc: '首个版本',
    },
    responses: { 200: { description: 'The commit.', schema: commitSchema } },
  }),
];
