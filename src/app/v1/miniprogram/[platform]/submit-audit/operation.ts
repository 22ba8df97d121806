/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { submitAuditBody } from '@/schemas/mini-program-requests';
import { auditSubmittedSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/submit-audit',
    operationId: 'submitMiniProgramAudit',
    summary: 'Submit the latest commit for audit',
    description:
      'Submits the latest committed version for review. Follow it with audit-status or the `miniprogram.audit.*` push; nothing committed yet, or an audit already under way, is 409.',
    body: submitAuditBody,
    bodyExample: {
      authorizerAppId: exampleAppId,
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      feedbackInfo: '测试账号：demo / 123456',
    },
    responses: { 200: { description: 'Submitted; the audit is pending.', schema: auditSubmittedSchema } },
  }),
];
