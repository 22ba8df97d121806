/**
 * Notify URLs on loopback, private or link-local addresses: a readable SSRF (the deliveries panel shows the
 * start of every answer to every member). Refused when set and when delivering, in sandbox mode too, unless
 * ALLOW_PRIVATE_WEBHOOK_URLS=1 (local development); even then only the status of such an answer is kept.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { deliveryAttempts, eventDeliveries, events, platforms } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { deliverEvent } from '@/server/services/events/deliver-event';
import { emitEvent } from '@/server/services/events/emit-event';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';
import { useEnv } from '../support/scoped-env';
import { startWebhookReceiver } from '../support/webhook-receiver';

const PUBLIC = '93.184.216.34';

describeEachDatabase('private notify URLs need ALLOW_PRIVATE_WEBHOOK_URLS=1', (database) => {
  const db = () => database().db;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let platformId: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platformId = (await createPlatform({ db: db(), actor: 'test' }, { name: 'Private URLs' })).platform.id;
  });
  afterAll(() => receiver.close());

  const ctx = () => ({ db: db(), platformId, actor: 'test' });
  const configNow = async () =>
    (await db().select({ config: platforms.config }).from(platforms).where(eq(platforms.id, platformId)))[0]!.config;
  const attemptsOf = (deliveryId: string) =>
    db()
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, deliveryId))
      .orderBy(deliveryAttempts.attempt);
  /** A delivery row to `url`, as one configured before an upgrade (or before the variable was removed) would be. */
  async function pendingDelivery(url: string) {
    const eventId = `evt_priv${Math.random().toString(36).slice(2)}`;
    await db().insert(events).values({ id: eventId, platformId, type: 'sub_merchant.updated', data: {} });
    const deliveryId = `whd_priv${Math.random().toString(36).slice(2)}`;
    await db().insert(eventDeliveries).values({ id: deliveryId, eventId, platformId, url });
    return deliveryId;
  }

  describe('without the variable (the default), in sandbox mode', () => {
    const saved = process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
    beforeAll(() => {
      delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
      resetEnvForTests();
    });
    afterAll(() => {
      if (saved !== undefined) process.env.ALLOW_PRIVATE_WEBHOOK_URLS = saved;
      resetEnvForTests();
    });

    it('refuses loopback, private and link-local notify URLs when set: 400 naming the key, config unchanged', async () => {
      const before = await configNow();
      const urls = [
        receiver.url('/set'),
        'http://localhost:4000/x',
        'http://[::1]:4000/x',
        'http://169.254.169.254/latest',
        'http://10.1.2.3/x',
        'http://192.168.0.7:8080/x',
      ];
      for (const url of urls) {
        for (const key of ['payments.notify_url', 'miniprogram.audit_notify_url']) {
          const error = await setPlatformConfig(ctx(), { key, value: url }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error, `${key}=${url}`).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(400);
          expect((error as AppError).message).toContain(key);
          expect((error as AppError).message).toMatch(/loopback, private or link-local/);
          expect((error as AppError).errors[0]?.pointer).toBe('/value');
          // The real reason as a code the console says in the operator's language, and the fix in the detail.
          expect((error as AppError).errors[0]?.code).toBe('private_address');
          expect((error as AppError).message).toContain('start the service with ALLOW_PRIVATE_WEBHOOK_URLS=1');
        }
      }
      expect(await configNow()).toEqual(before);
    });

    it('refuses a delivery to a loopback URL stored earlier: a failed attempt, no connection, no body', async () => {
      const deliveryId = await pendingDelivery(receiver.url('/stored-earlier'));
      expect(await deliverEvent({ db: db(), actor: 'test' }, { deliveryId, attempt: 1 })).toBe('retry_scheduled');
      const [attempt] = await attemptsOf(deliveryId);
      expect(attempt).toMatchObject({
        statusCode: null,
        responseSnippet: null,
        error: 'refused: the notify URL resolves to a loopback, private or link-local address',
      });
      expect(receiver.at('/stored-earlier')).toHaveLength(0);
      await db().update(eventDeliveries).set({ status: 'failed' }).where(eq(eventDeliveries.id, deliveryId));
    });

    it('connects only to the address it checked: a DNS rebinding to 127.0.0.1 is refused in sandbox mode too', async () => {
      const port = new URL(receiver.url('/')).port;
      const deliveryId = await pendingDelivery(`http://rebind.example.test:${port}/rebound`);
      const answers: string[] = [];
      const lookup = async () => {
        const address = answers.length === 0 ? PUBLIC : '127.0.0.1';
        answers.push(address);
        return [{ address, family: 4 }];
      };
      expect(await deliverEvent({ db: db(), actor: 'test' }, { deliveryId, attempt: 1, lookup })).toBe(
        'retry_scheduled',
      );
      expect(answers).toEqual([PUBLIC, '127.0.0.1']);
      const [attempt] = await attemptsOf(deliveryId);
      expect(attempt).toMatchObject({
        statusCode: null,
        responseSnippet: null,
        error: 'refused: the notify URL resolves to a loopback, private or link-local address',
      });
      expect(receiver.at('/rebound')).toHaveLength(0);
      await db().update(eventDeliveries).set({ status: 'failed' }).where(eq(eventDeliveries.id, deliveryId));
    });
  });

  describe('with ALLOW_PRIVATE_WEBHOOK_URLS=1', () => {
    useEnv({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' });

    it('accepts a loopback receiver and delivers to it, keeping the status of its answers but never their body', async () => {
      await setPlatformConfig(ctx(), { key: 'payments.notify_url', value: receiver.url('/allowed') });
      expect((await configNow())['payments.notify_url']).toBe(receiver.url('/allowed'));
      receiver.script('/allowed', [500, 200]);
      const { deliveryId } = await db().transaction((tx) =>
        emitEvent({ db: tx, actor: 'test' }, { platformId, type: 'sub_merchant.updated', data: { n: 1 } }),
      );
      expect(await deliverEvent({ db: db(), actor: 'test' }, { deliveryId: deliveryId!, attempt: 1 })).toBe(
        'retry_scheduled',
      );
      expect(await deliverEvent({ db: db(), actor: 'test' }, { deliveryId: deliveryId!, attempt: 2 })).toBe(
        'succeeded',
      );
      expect(receiver.at('/allowed')).toHaveLength(2);
      const attempts = await attemptsOf(deliveryId!);
      expect(attempts.map((a) => [a.statusCode, a.error, a.responseSnippet])).toEqual([
        [500, 'HTTP 500', null],
        [200, null, null],
      ]);
    });
  });
});
