import { actionReason } from '@/schemas/action-reason';
import { z } from 'zod';
import { listDeliveries } from '@/server/services/events/list-deliveries';
import { listDeliveriesQuery, redeliverEventInput } from '@/schemas/event-requests';
import { redeliverEvent } from '@/server/services/events/redeliver-event';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { rotateWebhookSecret } from '@/server/services/events/rotate-webhook-secret';
import { sendTestEvent, sendTestEventInput } from '@/server/services/events/send-test-event';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

export const eventsRouter = router({
  listDeliveries: platformProcedure('viewer')
    .input(platformRequest(listDeliveriesQuery))
    .query(({ ctx, input }) => {
      return listDeliveries(ctx, withoutPlatformId(input));
    }),
  redeliver: platformProcedure('admin')
    .input(platformRequest(redeliverEventInput))
    .mutation(({ ctx, input }) => redeliverEvent(ctx, { deliveryId: input.deliveryId })),
  revealWebhookSecret: platformProcedure('admin').mutation(({ ctx }) => revealWebhookSecret(ctx)),
  rotateWebhookSecret: platformProcedure('admin')
    .input(z.object({ reason: actionReason }))
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, { reason: input.reason })),
  sendTestEvent: platformProcedure('admin')
    .input(platformRequest(sendTestEventInput))
    .mutation(({ ctx, input }) => sendTestEvent(ctx, { notifyUrlKey: input.notifyUrlKey })),
});
