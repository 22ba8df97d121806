import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deliveryAttempts, eventDeliveries } from '@/server/db/schema';
import { relayOutbox } from '@/server/jobs/relay-outbox';
import { deliverEvent } from '@/server/services/events/deliver-event';
import { emitEvent } from '@/server/services/events/emit-event';
import { redeliverEvent } from '@/server/services/events/redeliver-event';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';
import { useEventDeliveryRig } from '../support/event-delivery-rig';
import { pause, until } from '../support/webhook-receiver';

const N = 20;

describeEachDatabase('events under concurrency: redeliveries, duplicate jobs, competing relays', (database) => {
  const rig = useEventDeliveryRig(database);
  const db = () => database().db;

  async function platformReceivingAt(path: string) {
    const { platform } = await createPlatform({ db: db(), actor: 'test' }, { name: `Concurrency ${path}` });
    await setPlatformConfig(
      { db: db(), platformId: platform.id, actor: 'test' },
      { key: 'payments.notify_url', value: rig.receiver.url(path) },
    );
    return platform.id;
  }
  const emit = (platformId: string, n = 0) =>
    db().transaction((tx) =>
      emitEvent(
        { db: tx, actor: 'test' },
        {
          platformId,
          type: 'sub_merchant.updated',
          data: { subMerchantId: `sm_${n}`, status: 'approved' },
        },
      ),
    );
  const deliveriesOf = (eventIds: string[]) =>
    db().select().from(eventDeliveries).where(inArray(eventDeliveries.eventId, eventIds));
  const attemptsOf = (deliveryIds: string[]) =>
    db().select().from(deliveryAttempts).where(inArray(deliveryAttempts.deliveryId, deliveryIds));

  it(`${N} concurrent redeliveries of one event: one new delivery each (the design), each delivered once, same event id and bytes`, async () => {
    const platformId = await platformReceivingAt('/redeliver');
    const { eventId, deliveryId } = await emit(platformId);
    await until(async () => (await deliveriesOf([eventId]))[0]!.status === 'succeeded');
    const ctx = { db: db(), platformId, actor: 'test' };
    const again = await Promise.all(Array.from({ length: N }, () => redeliverEvent(ctx, { deliveryId: deliveryId! })));
    expect(new Set(again.map((d) => d.id)).size).toBe(N);
    await until(async () => (await deliveriesOf([eventId])).every((d) => d.status === 'succeeded'));
    await pause(1500);
    const rows = await deliveriesOf([eventId]);
    expect(rows).toHaveLength(N + 1);
    expect(rows.every((d) => d.attempts === 1)).toBe(true);
    expect(await attemptsOf(rows.map((d) => d.id))).toHaveLength(N + 1);
    const hits = rig.receiver.at('/redeliver');
    expect(hits).toHaveLength(N + 1);
    expect(new Set(hits.map((h) => h.headers['x-event-id']))).toEqual(new Set([eventId]));
    expect(new Set(hits.map((h) => JSON.parse(h.body).id))).toEqual(new Set([eventId]));
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);
  });

  it(`${N} concurrent runs of the same delivery attempt (pg-boss at-least-once, two workers) record it once`, async () => {
    const platformId = await platformReceivingAt('/same-attempt');
    const { eventId } = await db().transaction((tx) =>
      emitEvent({ db: tx, actor: 'test' }, { platformId, type: 'miniprogram.audit.approved', data: { auditId: 'a1' } }),
    );
    // A delivery without its outbox job, so only the runs below make attempts.
    const deliveryId = `whd_race${Date.now()}`;
    await db()
      .insert(eventDeliveries)
      .values({ id: deliveryId, eventId, platformId, url: rig.receiver.url('/same-attempt') });
    const results = await Promise.all(
      Array.from({ length: N }, () => deliverEvent({ db: db(), actor: 'test' }, { deliveryId, attempt: 1 })),
    );
    expect(results.filter((r) => r === 'succeeded')).toHaveLength(1);
    expect(results.filter((r) => r === 'skipped')).toHaveLength(N - 1);
    const [row] = await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, deliveryId));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await attemptsOf([deliveryId])).toHaveLength(1);
    // At least once: runs that started before the winner recorded its attempt also POSTed, with the same id.
    const hits = rig.receiver.at('/same-attempt');
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.every((h) => h.headers['x-event-id'] === eventId && JSON.parse(h.body).id === eventId)).toBe(true);
  });

  it(`${N} relays racing over the same outbox rows deliver each of ${N} events exactly once`, async () => {
    const platformId = await platformReceivingAt('/relays');
    const emitted = await Promise.all(Array.from({ length: N }, (_, i) => emit(platformId, i)));
    // The runner's own relay (every 100 ms) races these too, as a second instance's would.
    await Promise.all(Array.from({ length: N }, () => relayOutbox(db(), rig.runner.boss)));
    const eventIds = emitted.map((e) => e.eventId);
    await until(async () => (await deliveriesOf(eventIds)).every((d) => d.status === 'succeeded'));
    await pause(2000);
    const rows = await deliveriesOf(eventIds);
    expect(rows).toHaveLength(N);
    expect(await attemptsOf(rows.map((d) => d.id))).toHaveLength(N);
    const hits = rig.receiver.at('/relays');
    expect(hits).toHaveLength(N);
    expect(new Set(hits.map((h) => h.headers['x-event-id']))).toEqual(new Set(eventIds));
  });
});
