/**
 * The console's "send test event": a signed `test` event to the chosen notify URL through the normal delivery path,
 * its outcome in the delivery log, admins only, and never listed by the events API.
 */
import { TRPCError } from '@trpc/server';
import { beforeAll, expect, it } from 'vitest';
import * as listRoute from '@/app/v1/events/route';
import { verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import { createOperator } from '@/server/services/operators/create-operator';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { useEventDeliveryRig } from '../support/event-delivery-rig';
import { createPlatformWithKey } from '../support/fixtures';
import { until } from '../support/webhook-receiver';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('send test event', (database) => {
  const rig = useEventDeliveryRig(database);
  const db = () => database().db;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  const operators = { admin: '', viewer: '' };
  const as = (who: keyof typeof operators) =>
    createCaller({ operatorId: operators[who], db: db(), requestId: 'req_test' });
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'OK',
      (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
    );

  beforeAll(async () => {
    platform = await createPlatformWithKey(db());
    for (const role of ['admin', 'viewer'] as const) {
      operators[role] = (
        await createOperator(
          { db: db(), actor: 'test' },
          {
            email: `test-event-${role}-${Date.now()}@example.com`,
            password: 'a-long-password-1',
            platformId: platform.platformId,
            role,
          },
        )
      ).operatorId;
    }
  });

  it('refuses while no URL is set, and refuses viewers', async () => {
    const input = { platformId: platform.platformId, notifyUrlKey: 'miniprogram.audit_notify_url' as const };
    expect(await code(as('admin').events.sendTestEvent(input))).toBe('BAD_REQUEST');
    expect(await code(as('viewer').events.sendTestEvent(input))).toBe('FORBIDDEN');
  });

  it('delivers a signed test event to each notify URL and shows the outcome in the delivery log', async () => {
    const config = { db: db(), platformId: platform.platformId, actor: 'test' };
    await setPlatformConfig(config, { key: 'payments.notify_url', value: rig.receiver.url('/payments') });
    await setPlatformConfig(config, { key: 'miniprogram.audit_notify_url', value: rig.receiver.url('/audits') });
    rig.receiver.script('/audits', [503]);
    for (const [key, path] of [
      ['payments.notify_url', '/payments'],
      ['miniprogram.audit_notify_url', '/audits'],
    ] as const) {
      const sent = await as('admin').events.sendTestEvent({ platformId: platform.platformId, notifyUrlKey: key });
      expect(sent.url).toBe(rig.receiver.url(path));
      await until(() => rig.receiver.at(path).some((hit) => hit.headers['x-event-id'] === sent.eventId));
      const hit = rig.receiver.at(path).find((h) => h.headers['x-event-id'] === sent.eventId)!;
      expect(JSON.parse(hit.body)).toMatchObject({ id: sent.eventId, type: 'test', data: { notifyUrlKey: key } });
      const signature = hit.headers['x-signature'] as string;
      expect(verifyWebhookSignature({ header: signature, body: hit.body, secret: platform.webhookSecret })).toBe(true);
      const log = async () =>
        (await as('viewer').events.listDeliveries({ platformId: platform.platformId, eventId: sent.eventId })).data;
      await until(async () => ((await log())[0]?.attempts.length ?? 0) > 0);
      const [delivery] = await log();
      expect(delivery).toMatchObject({ id: sent.deliveryId, eventType: 'test' });
      expect(delivery!.attempts[0]!.statusCode).toBe(path === '/audits' ? 503 : 200);
    }
  });

  it('is not an event of any area: the events API does not list it', async () => {
    for (const serviceCode of ['payments', 'miniprogram']) {
      const response = await callRoute(listRoute.GET, '/v1/events', {
        headers: apiHeaders(platform.apiKey, serviceCode),
      });
      const page = (await response.json()) as { data: { type: string }[] };
      expect(response.status).toBe(200);
      expect(page.data.map((e) => e.type)).not.toContain('test');
    }
  });
});
