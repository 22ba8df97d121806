import { z } from 'zod';

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable machine-readable error code.'),
    requestId: z.string().describe('Quote it to support; it is in our logs.'),
    errors: z.array(z.object({ pointer: z.string(), code: z.string(), message: z.string() })),
  })
  .meta({
    id: 'Problem',
    example: {
      type: 'https://docs.onboarding.local/errors/service_code_required',
      title: 'service code required',
      status: 400,
      detail: 'Send the X-Service-Code header (payments or miniprogram).',
      code: 'service_code_required',
      requestId: 'req_Zb3q1yQ0mWJt2hX9',
      errors: [],
    },
  });
