/** An event as the webhooks carried it and the events API returns it (src/server/services/events/list-events.ts). */
import { z } from 'zod';

export const eventSchema = z
  .object({
    id: z.string().describe('evt_…, the same on every delivery of the event: deduplicate on it.'),
    type: z.enum([
      'sub_merchant.updated',
      'miniprogram.audit.approved',
      'miniprogram.audit.rejected',
      'miniprogram.rollout.updated',
      'miniprogram.rollout.completed',
    ]),
    createdAt: z.iso.datetime(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        '`sub_merchant.updated`: `{ change, object }` with the record as GET returns it; `miniprogram.audit.*`: ' +
          '`{ auditId, platform, authorizerAppId, userVersion, status, reason? }`.',
      ),
  })
  .meta({ id: 'Event' });

export const eventAreaText =
  '`X-Service-Code` names the area: `payments` lists `sub_merchant.*` events, `miniprogram` lists `miniprogram.*` events.';
