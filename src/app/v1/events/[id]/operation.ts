/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { eventAreaText, eventSchema } from '@/server/openapi/event-schema';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/events/{id}',
    operationId: 'getEvent',
    summary: 'Retrieve an event',
    description: `One event of the last 30 days, exactly the body its webhook carried. ${eventAreaText}`,
    tag: 'Events',
    serviceCode: 'payments',
    otherServiceCodes: ['miniprogram'],
    auth: 'apiKey',
    responses: { 200: { description: 'The event.', schema: eventSchema } },
    errors: [400, 401, 403, 404],
  },
];
