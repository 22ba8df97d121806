import { eq } from 'drizzle-orm';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryAttempts, eventDeliveries, events, platforms } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { deliverEvent } from '@/server/services/events/deliver-event';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';

const resolvesTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
const PUBLIC = '93.184.216.34';

describeEachDatabase('SSRF: notify and redirect URLs in live mode', (database) => {
  const db = () => database().db;
  let platformId: string;
  /** Stands where a rebinding DNS answer would point: it must never see a connection. */
  let inside: net.Server;
  let insidePort = 0;
  let insideConnections = 0;
  beforeAll(async () => {
    platformId = (await createPlatform({ db: db(), actor: 'test' }, { name: 'SSRF' })).platform.id;
    inside = net.createServer((socket) => {
      insideConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insidePort = (inside.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

  const ctx = () => ({ db: db(), platformId, actor: 'test' });
  const configNow = async () =>
    (await db().select({ config: platforms.config }).from(platforms).where(eq(platforms.id, platformId)))[0]!.config;
  const refusal = async (key: string, value: unknown, lookup = resolvesTo(PUBLIC)) => {
    const error = await setPlatformConfig(ctx(), {
      key,
      value,
      mode: 'live',
      allowPrivate: false,
      lookup,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, `${key}=${JSON.stringify(value)}`).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).errors[0]?.pointer).toBe('/value');
    return (error as AppError).message;
  };

  it('refuses at configuration time: http, loopback and private literals, and hosts resolving inside; changes nothing', async () => {
    const before = await configNow();
    expect(await refusal('payments.notify_url', 'http://hooks.example.com/x')).toContain('must be https in live mode');
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://10.1.2.3/x',
      'https://0x7f000001/x',
    ]) {
      expect(await refusal('payments.notify_url', url)).toContain('loopback, private or link-local');
    }
    for (const address of ['127.0.0.1', '192.168.1.10', 'fd00::1', '100.64.0.1']) {
      expect(
        await refusal('miniprogram.audit_notify_url', 'https://hooks.example.test/x', resolvesTo(address)),
      ).toContain('loopback, private or link-local');
    }
    expect(await refusal('payments.notify_url', 'https://nowhere.example.test/', async () => [])).toContain(
      'does not resolve',
    );
    for (const entries of [['shop.example.com', 'localhost:3000'], ['127.0.0.1'], ['*.localhost'], ['10.0.0.8:8443']]) {
      expect(await refusal('miniprogram.redirect_uri_allowlist', entries)).toContain('loopback or private host');
    }
    expect(await configNow()).toEqual(before);
  });

  it('accepts public https URLs in live mode, and local http receivers in sandbox mode with ALLOW_PRIVATE_WEBHOOK_URLS=1', async () => {
    await setPlatformConfig(ctx(), {
      key: 'payments.notify_url',
      value: 'https://hooks.example.test/x',
      mode: 'live',
      allowPrivate: false,
      lookup: resolvesTo(PUBLIC),
    });
    await setPlatformConfig(ctx(), {
      key: 'miniprogram.redirect_uri_allowlist',
      value: 'shop.example.com, *.example.org',
      mode: 'live',
      allowPrivate: false,
    });
    await setPlatformConfig(ctx(), {
      key: 'miniprogram.audit_notify_url',
      value: 'http://127.0.0.1:4000/hooks',
      mode: 'sandbox',
      allowPrivate: true,
    });
    expect(await configNow()).toMatchObject({
      'payments.notify_url': 'https://hooks.example.test/x',
      'miniprogram.redirect_uri_allowlist': ['shop.example.com', '*.example.org'],
      'miniprogram.audit_notify_url': 'http://127.0.0.1:4000/hooks',
    });
  });

  it('at delivery time connects only to the address it checked: a DNS rebinding to 127.0.0.1 is refused', async () => {
    const eventId = `evt_rebind${Math.random().toString(36).slice(2)}`;
    await db().insert(events).values({ id: eventId, platformId, type: 'sub_merchant.updated', data: {} });
    const deliveryId = `whd_rebind${Math.random().toString(36).slice(2)}`;
    await db()
      .insert(eventDeliveries)
      .values({ id: deliveryId, eventId, platformId, url: `https://rebind.example.test:${insidePort}/hook` });
    // Public for the first question (the pre-check), loopback for every later one (the connection).
    const answers: string[] = [];
    const lookup = async () => {
      const address = answers.length === 0 ? PUBLIC : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    const result = await deliverEvent(
      { db: db(), actor: 'test' },
      { deliveryId, attempt: 1, mode: 'live', allowPrivate: false, lookup },
    );
    expect(result).toBe('retry_scheduled');
    expect(answers).toEqual([PUBLIC, '127.0.0.1']);
    const [attempt] = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId));
    expect(attempt).toMatchObject({
      statusCode: null,
      error: 'refused: the notify URL resolves to a loopback, private or link-local address',
    });
    expect(insideConnections).toBe(0);
    // The runner (sandbox mode) must not retry it against the loopback receiver.
    await db().update(eventDeliveries).set({ status: 'failed' }).where(eq(eventDeliveries.id, deliveryId));
  });
});
