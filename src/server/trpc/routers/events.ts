import { actionReason } from '@/schemas/action-reason';
import { z } from 'zod';
import { listDeliveries } from '@/server/services/events/list-deliveries';
import { listDeliveriesQuery } from '@/schemas/event-requests';
import { redeliverEvent } from '@/server/services/events/redeliver-event';
import { redeliverEventInput } from '@/schemas/event-requests';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { rotateWebhookSecret } from '@/server/services/events/rotate-webhook-secret';
import { sendTestEvent, sendTestEventInput } from '@/server/services/events/send-test-event';
import { platformProcedure, router } from '../init';

export const eventsRouter = router({
  listDeliveries: platformProcedure('viewer')
    .input(z.object(listDeliveriesQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listDeliveries(ctx, query);
    }),
  redeliver: platformProcedure('admin')
    .input(z.object(redeliverEventInput.shape))
    .mutation(({ ctx, input }) => redeliverEvent(ctx, { deliveryId: input.deliveryId })),
  revealWebhookSecret: platformProcedure('admin').mutation(({ ctx }) => revealWebhookSecret(ctx)),
  rotateWebhookSecret: platformProcedure('admin')
    .input(z.object({ reason: actionReason }))
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, { reason: input.reason })),
  sendTestEvent: platformProcedure('admin')
    .input(z.object(sendTestEventInput.shape))
    .mutation(({ ctx, input }) => sendTestEvent(ctx, { notifyUrlKey: input.notifyUrlKey })),
});
