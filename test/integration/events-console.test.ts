import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { parseSignatureHeader, verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import { deliveryAttempts, eventDeliveries, events } from '@/server/db/schema';
import '@/server/jobs/deliver-event-job';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { deliverEvent } from '@/server/services/events/deliver-event';
import { emitEvent } from '@/server/services/events/emit-event';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { describeEachDatabase } from '../support/databases';
import { startWebhookReceiver, until } from '../support/webhook-receiver';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('event deliveries in the console', (database) => {
  let runner: JobRunner;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let platformId: string;
  let webhookSecret: string;
  let otherPlatformId: string;
  const operators = { admin: '', viewer: '', outsider: '' };
  const db = () => database().db;
  const as = (who: keyof typeof operators) =>
    createCaller({ operatorId: operators[who], db: db(), requestId: 'req_test' });

  beforeAll(async () => {
    process.env.EVENT_RETRY_SCHEDULE_SECONDS = '1,1,1';
    resetEnvForTests();
    receiver = await startWebhookReceiver();
    runner = await startJobs(database(), { relayIntervalMs: 100 });
    ({
      platform: { id: platformId },
      webhookSecret,
    } = await createPlatform({ db: db(), actor: 'test' }, { name: 'Console events' }));
    otherPlatformId = (await createPlatform({ db: db(), actor: 'test' }, { name: 'Elsewhere' })).platform.id;
    const stamp = Date.now();
    for (const role of ['admin', 'viewer'] as const) {
      operators[role] = (
        await createOperator(
          { db: db(), actor: 'test' },
          {
            email: `ev-${role}-${stamp}@example.com`,
            password: 'a-long-password-1',
            platformId,
            role,
          },
        )
      ).operatorId;
    }
    operators.outsider = (
      await createOperator(
        { db: db(), actor: 'test' },
        {
          email: `ev-out-${stamp}@example.com`,
          password: 'a-long-password-1',
          platformId: otherPlatformId,
          role: 'admin',
        },
      )
    ).operatorId;
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
    delete process.env.EVENT_RETRY_SCHEDULE_SECONDS;
    resetEnvForTests();
  });

  const setUrl = (path: string) =>
    setPlatformConfig(
      { db: db(), platformId, actor: 'test' },
      { key: 'payments.notify_url', value: receiver.url(path) },
    );
  const emit = () =>
    db().transaction((tx) =>
      emitEvent(
        { db: tx, actor: 'test' },
        { platformId, type: 'sub_merchant.updated', data: { subMerchantId: 'sm_9' } },
      ),
    );
  const statusOf = async (id: string) =>
    (await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, id)))[0]?.status;
  const trpcCode = (promise: Promise<unknown>) =>
    promise.then(
      () => 'OK',
      (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
    );

  it('redelivers the same event (same id) to the current URL; another platform gets 404', async () => {
    await setUrl('/first');
    const { eventId, deliveryId } = await emit();
    await until(async () => (await statusOf(deliveryId!)) === 'succeeded');
    await setUrl('/second');
    const again = await as('admin').events.redeliver({ platformId, deliveryId: deliveryId! });
    expect(again).toMatchObject({ eventId, status: 'pending', url: receiver.url('/second') });
    expect(again.id).not.toBe(deliveryId);
    await until(() => receiver.at('/second').length === 1);
    const [first] = receiver.at('/first');
    const [second] = receiver.at('/second');
    expect(second!.headers['x-event-id']).toBe(eventId);
    expect(second!.body).toBe(first!.body);

    expect(
      await trpcCode(as('outsider').events.redeliver({ platformId: otherPlatformId, deliveryId: deliveryId! })),
    ).toBe('NOT_FOUND');
    expect(await trpcCode(as('outsider').events.redeliver({ platformId, deliveryId: deliveryId! }))).toBe('NOT_FOUND');
    expect(await trpcCode(as('viewer').events.redeliver({ platformId, deliveryId: deliveryId! }))).toBe('FORBIDDEN');
    await until(async () => (await statusOf(again.id)) === 'succeeded');

    const page1 = await as('viewer').events.listDeliveries({ platformId, limit: 1 });
    expect(page1.data.map((d) => d.id)).toEqual([again.id]);
    expect(page1.data[0]!.attempts).toMatchObject([{ attempt: 1, statusCode: 200 }]);
    const page2 = await as('viewer').events.listDeliveries({ platformId, limit: 1, cursor: page1.nextCursor! });
    expect(page2.data.map((d) => [d.id, d.eventType])).toEqual([[deliveryId, 'sub_merchant.updated']]);
    expect((await as('outsider').events.listDeliveries({ platformId: otherPlatformId })).data).toHaveLength(0);
  });

  it('signs with both secrets while a rotation is in progress', async () => {
    expect(await trpcCode(as('viewer').events.revealWebhookSecret({ platformId }))).toBe('FORBIDDEN');
    expect(await as('admin').events.revealWebhookSecret({ platformId })).toEqual({ webhookSecret, rotating: false });
    const { webhookSecret: rotated } = await as('admin').events.rotateWebhookSecret({ platformId });
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(webhookSecret);
    expect(await as('admin').events.revealWebhookSecret({ platformId })).toEqual({
      webhookSecret: rotated,
      rotating: true,
    });

    await setUrl('/rotation');
    const { deliveryId } = await emit();
    await until(async () => (await statusOf(deliveryId!)) === 'succeeded');
    const [hit] = receiver.at('/rotation');
    const parsed = parseSignatureHeader(hit!.headers['x-signature'] as string)!;
    expect(parsed.signatures).toHaveLength(2);
    // Each v1 entry on its own: one is the new secret's, the other the old one's.
    const verifiesWith = (secret: string) =>
      parsed.signatures.map((v1) =>
        verifyWebhookSignature({ header: `t=${parsed.timestamp},v1=${v1}`, body: hit!.body, secret }),
      );
    expect(verifiesWith(rotated)).toEqual([true, false]);
    expect(verifiesWith(webhookSecret)).toEqual([false, true]);
  });

  it('in live mode refuses http and private addresses, recording a failed attempt', async () => {
    for (const [url, reason] of [
      [receiver.url('/live-http'), 'refused: the notify URL must be https in live mode'],
      ['https://127.0.0.1:9/live', 'refused: the notify URL resolves to a loopback, private or link-local address'],
      [
        'https://metadata.internal.example/',
        'refused: the notify URL resolves to a loopback, private or link-local address',
      ],
    ] as const) {
      // Rows written directly (no job): this test makes the attempt itself, with live mode injected.
      const eventId = `evt_live${Math.random().toString(36).slice(2)}`;
      await db().insert(events).values({ id: eventId, platformId, type: 'sub_merchant.updated', data: {} });
      const deliveryId = `whd_live${Math.random().toString(36).slice(2)}`;
      await db().insert(eventDeliveries).values({ id: deliveryId, eventId, platformId, url });
      const lookup = async () => [{ address: '169.254.169.254', family: 4 }];
      const result = await deliverEvent(
        { db: db(), actor: 'test' },
        { deliveryId, attempt: 1, mode: 'live', allowPrivate: false, lookup },
      );
      expect(result).toBe('retry_scheduled');
      const [attempt] = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId));
      expect(attempt).toMatchObject({ attempt: 1, statusCode: null, error: reason });
      // The same job delivered twice (pg-boss is at-least-once) does nothing the second time.
      expect(
        await deliverEvent(
          { db: db(), actor: 'test' },
          { deliveryId, attempt: 1, mode: 'live', allowPrivate: false, lookup },
        ),
      ).toBe('skipped');
      // Stop the scheduled retry: the runner works in sandbox mode, where these URLs would be tried.
      await db().update(eventDeliveries).set({ status: 'failed' }).where(eq(eventDeliveries.id, deliveryId));
    }
    expect(receiver.at('/live-http')).toHaveLength(0);
  });
});
