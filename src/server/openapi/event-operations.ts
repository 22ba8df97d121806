/** The events API: what the webhooks carried, readable for 30 days (src/server/services/events/list-events.ts). */
import { z } from 'zod';
import { listOf } from '@/schemas/sub-merchant';
import { listEventsQuery } from '@/server/services/events/list-events';
import type { Operation } from './operations';

export const eventSchema = z
  .object({
    id: z.string().describe('evt_…, the same on every delivery of the event: deduplicate on it.'),
    type: z.enum(['sub_merchant.updated', 'miniprogram.audit.approved', 'miniprogram.audit.rejected']),
    createdAt: z.iso.datetime(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        '`sub_merchant.updated`: `{ change, object }` with the record as GET returns it; `miniprogram.audit.*`: ' +
          '`{ auditId, platform, authorizerAppId, userVersion, status, reason? }`.',
      ),
  })
  .meta({ id: 'Event' });

const areaText =
  '`X-Service-Code` names the area: `payments` lists `sub_merchant.*` events, `miniprogram` lists `miniprogram.*` events.';

export const eventOperations: Operation[] = [
  {
    method: 'get',
    path: '/v1/events',
    operationId: 'listEvents',
    summary: 'List events',
    description:
      `The calling platform's events of the last 30 days, newest first, each exactly the body its webhook carried. ${areaText} ` +
      'Follow `nextCursor` while `hasMore` is true, e.g. with `createdAfter` set to when your receiver went down.',
    tag: 'Events',
    serviceCode: 'payments',
    otherServiceCodes: ['miniprogram'],
    auth: 'apiKey',
    query: listEventsQuery,
    responses: { 200: { description: 'A page of events.', schema: listOf(eventSchema, 'EventList') } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    path: '/v1/events/{id}',
    operationId: 'getEvent',
    summary: 'Retrieve an event',
    description: `One event of the last 30 days, exactly the body its webhook carried. ${areaText}`,
    tag: 'Events',
    serviceCode: 'payments',
    otherServiceCodes: ['miniprogram'],
    auth: 'apiKey',
    responses: { 200: { description: 'The event.', schema: eventSchema } },
    errors: [400, 401, 403, 404],
  },
];
