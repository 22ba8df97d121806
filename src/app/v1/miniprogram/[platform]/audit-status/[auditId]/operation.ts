/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { authorizerAppIdQuery } from '@/schemas/mini-program-requests';
import { auditStatusSchema } from '@/schemas/mini-program-responses';
import { miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'get',
    path: '/v1/miniprogram/{platform}/audit-status/{auditId}',
    operationId: 'getMiniProgramAuditStatus',
    summary: "Retrieve an audit's status",
    description:
      "A pending audit is refreshed from the upstream on read. An unknown `auditId` (or another authorizer's) is 404.",
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The audit status.', schema: auditStatusSchema } },
  }),
];
