/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { membersBody } from '@/schemas/mini-program-requests';
import { membersSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/members',
    operationId: 'changeMiniProgramMembers',
    summary: 'Bind or unbind a tester / member',
    description:
      '`action` `bind` or `unbind`; `member` is a WeChat id (providerA experiencer) or an Alipay logon id (providerB, with `role`, default `DEVELOPER`). Returns the member list after the change.',
    body: membersBody,
    bodyExample: { authorizerAppId: exampleAppId, action: 'bind', member: 'qa_tester_01' },
    responses: { 200: { description: 'The members after the change.', schema: membersSchema } },
  }),
];
