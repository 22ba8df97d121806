import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import { deliveryAttempts, eventDeliveries, events } from '@/server/db/schema';
import { emitEvent } from '@/server/services/events/emit-event';
import { listDeliveries } from '@/server/services/events/list-deliveries';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';
import { useEventDeliveryRig } from '../support/event-delivery-rig';
import { pause, until } from '../support/webhook-receiver';

describeEachDatabase('events pushed to integrators', (database) => {
  const rig = useEventDeliveryRig(database);
  const db = () => database().db;

  /** A fresh platform whose payments.notify_url is the receiver at `path` (none when path is null). */
  async function platformReceivingAt(path: string | null) {
    const { platform, webhookSecret } = await createPlatform({ db: db(), actor: 'test' }, { name: `Events ${path}` });
    if (path)
      await setPlatformConfig(
        { db: db(), platformId: platform.id, actor: 'test' },
        { key: 'payments.notify_url', value: rig.receiver.url(path) },
      );
    return { platformId: platform.id, webhookSecret };
  }
  const emitUpdate = (
    platformId: string,
    data: Record<string, unknown> = { subMerchantId: 'sm_1', status: 'approved' },
  ) =>
    db().transaction((tx) => emitEvent({ db: tx, actor: 'test' }, { platformId, type: 'sub_merchant.updated', data }));
  const delivery = async (id: string) =>
    (await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, id)))[0]!;
  const attemptsOf = (id: string) =>
    db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, id)).orderBy(deliveryAttempts.attempt);

  it('POSTs an event once, signed with the platform secret, as { id, type, createdAt, data }', async () => {
    const { platformId, webhookSecret } = await platformReceivingAt('/once');
    const { eventId, deliveryId } = await emitUpdate(platformId, { subMerchantId: 'sm_42', status: 'approved' });
    expect(eventId).toMatch(/^evt_/);
    expect(deliveryId).toMatch(/^whd_/);
    await until(async () => (await delivery(deliveryId!)).status === 'succeeded');
    await pause(1500);
    const [hit, ...more] = rig.receiver.at('/once');
    expect(more).toHaveLength(0);
    expect(
      verifyWebhookSignature({ header: hit!.headers['x-signature'] as string, body: hit!.body, secret: webhookSecret }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({ header: hit!.headers['x-signature'] as string, body: hit!.body, secret: 'whsec_other' }),
    ).toBe(false);
    const body = JSON.parse(hit!.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(body).toMatchObject({
      id: eventId,
      type: 'sub_merchant.updated',
      data: { subMerchantId: 'sm_42', status: 'approved' },
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(hit!.headers['x-event-id']).toBe(body.id);
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['user-agent']).toMatch(/^onboarding-service-webhooks\//);
    const stored = await delivery(deliveryId!);
    expect(stored).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(stored.deliveredAt).toBeInstanceOf(Date);
  });

  it('sends nothing and stores no event when the emitting transaction rolls back', async () => {
    const { platformId } = await platformReceivingAt('/rolled-back');
    let eventId = '';
    await expect(
      db().transaction(async (tx) => {
        eventId = (await emitEvent({ db: tx, actor: 'test' }, { platformId, type: 'sub_merchant.updated', data: {} }))
          .eventId;
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await rig.runner.relayNow();
    await pause(1500);
    expect(rig.receiver.at('/rolled-back')).toHaveLength(0);
    expect(await db().select().from(events).where(eq(events.id, eventId))).toHaveLength(0);
    expect(await db().select().from(eventDeliveries).where(eq(eventDeliveries.platformId, platformId))).toHaveLength(0);
  });

  it('stores the event but delivers nothing when the platform has no notify URL', async () => {
    const { platformId } = await platformReceivingAt(null);
    // The audit URL is set, the payments one is not: a sub_merchant event must not go to the audit URL.
    await setPlatformConfig(
      { db: db(), platformId, actor: 'test' },
      { key: 'miniprogram.audit_notify_url', value: rig.receiver.url('/audit-only') },
    );
    const { eventId, deliveryId } = await emitUpdate(platformId);
    expect(deliveryId).toBeNull();
    expect(await db().select().from(events).where(eq(events.id, eventId))).toHaveLength(1);
    expect(await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, eventId))).toHaveLength(0);
    await rig.runner.relayNow();
    await pause(1500);
    expect(rig.receiver.at('/audit-only')).toHaveLength(0);
  });

  it('retries after failures and succeeds on the third attempt with the same id and identical bytes', async () => {
    const { platformId, webhookSecret } = await platformReceivingAt('/flaky');
    rig.receiver.script('/flaky', [500, 500, 200]);
    const { eventId, deliveryId } = await emitUpdate(platformId);
    await until(async () => (await delivery(deliveryId!)).status === 'succeeded');
    await pause(2500);
    const hits = rig.receiver.at('/flaky');
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);
    expect(hits.map((h) => h.headers['x-event-id'])).toEqual([eventId, eventId, eventId]);
    for (const hit of hits)
      expect(
        verifyWebhookSignature({ header: hit.headers['x-signature'] as string, body: hit.body, secret: webhookSecret }),
      ).toBe(true);
    const attempts = await attemptsOf(deliveryId!);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 200, null],
    ]);
    // The receiver is on 127.0.0.1 (allowed by ALLOW_PRIVATE_WEBHOOK_URLS=1): its answers' bodies are not kept.
    expect(attempts.map((a) => a.responseSnippet)).toEqual([null, null, null]);
    expect(attempts[0]!.startedAt.getTime()).toBeLessThan(attempts[1]!.startedAt.getTime() - 800);

    const listed = await listDeliveries({ db: db(), platformId, actor: 'test' }, { limit: 10 });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      id: deliveryId,
      eventId,
      eventType: 'sub_merchant.updated',
      status: 'succeeded',
      attemptCount: 3,
    });
    expect(listed.data[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
  });

  it('gives up as failed once the retry schedule is exhausted', async () => {
    const { platformId } = await platformReceivingAt('/down');
    rig.receiver.script('/down', [503]);
    const { deliveryId } = await emitUpdate(platformId);
    await until(async () => (await delivery(deliveryId!)).status === 'failed', 25_000);
    await pause(2500);
    // Schedule 1,1,1: the first attempt and three retries, then nothing more.
    expect(rig.receiver.at('/down')).toHaveLength(4);
    expect(await delivery(deliveryId!)).toMatchObject({
      attempts: 4,
      lastStatusCode: 503,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    expect(await attemptsOf(deliveryId!)).toHaveLength(4);
  }, 40_000);

  it('counts a redirect as a failure and does not follow it', async () => {
    const { platformId } = await platformReceivingAt('/moved');
    rig.receiver.script('/moved', [302, 200]);
    const { deliveryId } = await emitUpdate(platformId);
    await until(async () => (await delivery(deliveryId!)).status === 'succeeded');
    const [first, second] = await attemptsOf(deliveryId!);
    expect(first).toMatchObject({ statusCode: 302, error: 'redirect not followed (HTTP 302)' });
    expect(second).toMatchObject({ statusCode: 200 });
    expect(rig.receiver.at('/moved/redirected')).toHaveLength(0);
  });
});
