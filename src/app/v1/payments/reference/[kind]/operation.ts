/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { z } from 'zod';
import { referenceFilters, referenceKinds } from '@/server/services/reference/lookup-reference';
import type { Operation } from '@/server/openapi/operation';

const referenceAnswer = z
  .object({
    data: z.array(z.record(z.string(), z.unknown())).describe('The rows of the table, filtered.'),
    version: z
      .string()
      .describe('Version of the shipped reference data (`<date>.<fingerprint>`): cache look-ups until it changes.'),
  })
  .meta({ id: 'ReferenceData' });

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/payments/reference/{kind}',
    operationId: 'getReferenceData',
    summary: 'Look up the codes an application is built from',
    description: [
      'The upstreams’ own tables, so formData holds values they accept. Each `kind` takes only its own filters; any other filter, a',
      'missing required one or an unknown `kind` is 400 with the offending `/query/<name>` pointer.',
      '',
      '- `settlement-rules?provider=providerA[&subjectType=…]`: WeChat 结算规则 rows `{settlementId, subjectType, rate,',
      '  qualificationTypes: [{name, qualifications}]}`; formData `settlementId` and `qualificationType` must come from one row',
      '  of the record’s `subjectType`.',
      '- `banks?provider=…[&q=…]`: `{name, alipayInstId?, needsBranch}`; formData `accountBank` must be a `name`. providerA:',
      '  `needsBranch` (其他银行) means `bankBranchId` is required.',
      '- `regions[?parent=<code>]`: provinces, or the cities / districts under a GB/T 2260 code: `{code, name, level, parent?}`.',
      '  `bankAddressCode` is a city or district, `storeAddressCode` a city or district (providerB: a district, or a city without districts).',
      '- `mcc?provider=providerB[&q=…]`: Alipay MCC codes `{code, name, category, special}` for formData `mcc`.',
      '- `bank-branches?provider=…&bank=<bank name>&city=<GB/T city code>[&q=…]`: `{name, branchId}` from WeChat’s branch',
      '  look-up (the city is translated to WeChat’s own area numbering); `branchId` is the 联行号 for `bankBranchId`.',
    ].join('\n'),
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    pathParams: { kind: z.enum(referenceKinds) },
    query: referenceFilters,
    responses: { 200: { description: 'The matching rows and the data version.', schema: referenceAnswer } },
    errors: [400, 401, 403, 502, 504],
  },
];
