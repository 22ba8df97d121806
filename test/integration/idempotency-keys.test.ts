/**
 * Idempotency-Key on /v1 POSTs: replay of the first answer, a different request under the same key, parallel
 * retries (exactly one runs), a run that died holding its key, expiry after 24 hours, and key syntax.
 */
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as authorizeRoute from '@/app/v1/miniprogram/authorize/route';
import * as mediaRoute from '@/app/v1/payments/media/route';
import * as collectionRoute from '@/app/v1/payments/sub-merchants/route';
import { idempotencyKeys, media, subMerchants } from '@/server/db/schema';
import { purgeExpiredIdempotencyKeys } from '@/server/services/idempotency/purge-expired-idempotency-keys';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm } from '../support/test-images';

describeEachDatabase('Idempotency-Key on /v1 POSTs', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let other: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    other = await createPlatformWithKey(database().db);
  });

  const create = async (body: unknown, key?: string, apiKey = platform.apiKey) => {
    const response = await callRoute(collectionRoute.POST, '/v1/payments/sub-merchants', {
      method: 'POST',
      headers: apiHeaders(apiKey, 'payments', {
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      }),
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      requestId: response.headers.get('x-request-id'),
      contentType: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const rowsOf = (platformId: string, key: string) =>
    database()
      .db.select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.platformId, platformId), eq(idempotencyKeys.key, key)));
  const recordsFor = async (seller: string) =>
    (
      await database()
        .db.select({ id: subMerchants.id })
        .from(subMerchants)
        .where(eq(subMerchants.distributorExternalUserId, seller))
    ).length;

  it('replays the first answer (status, body, content type) to a retry with the same key and body', async () => {
    const first = await create({ distributorExternalUserId: 'idem-replay' }, 'key-replay-1');
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const retry = await create({ distributorExternalUserId: 'idem-replay' }, 'key-replay-1');
    expect(retry).toMatchObject({ status: 201, replayed: 'true', body: first.body, contentType: first.contentType });
    expect(retry.requestId).not.toBe(first.requestId);
    // Without a key the same body runs again: the create is found (200), not replayed.
    const unkeyed = await create({ distributorExternalUserId: 'idem-replay' });
    expect(unkeyed).toMatchObject({ status: 200, replayed: null });
    const [row] = await rowsOf(platform.platformId, 'key-replay-1');
    expect(row).toMatchObject({ state: 'done', responseStatus: 201 });
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.startedAt.getTime()).toBe(24 * 3_600_000);
  });

  it('answers 422 idempotency_key_reused for the same key with another body, and runs nothing', async () => {
    await create({ distributorExternalUserId: 'idem-a' }, 'key-mismatch');
    const other = await create({ distributorExternalUserId: 'idem-b' }, 'key-mismatch');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await recordsFor('idem-b')).toBe(0);
  });

  it('keeps keys per platform: the same key on another platform is a new request', async () => {
    const mine = await create({ distributorExternalUserId: 'idem-shared' }, 'key-shared');
    const theirs = await create({ distributorExternalUserId: 'idem-shared' }, 'key-shared', other.apiKey);
    expect(theirs).toMatchObject({ status: 201, replayed: null });
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('runs exactly one of parallel requests with the same key; the others get 409 or the replay', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create({ distributorExternalUserId: 'idem-parallel' }, 'key-parallel')),
    );
    const ran = answers.filter((a) => a.replayed === null && a.status < 300);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.status).toBe(201);
    for (const answer of answers.filter((a) => a !== ran[0])) {
      if (answer.status === 409) expect(answer.body.code).toBe('idempotency_key_in_use');
      else expect(answer).toMatchObject({ status: 201, replayed: 'true', body: ran[0]!.body });
    }
    expect(await recordsFor('idem-parallel')).toBe(1);
  });

  it('answers 409 while the first run holds the key, and lets a retry take over a run that died', async () => {
    const first = await create({ distributorExternalUserId: 'idem-running' }, 'key-running');
    // As if the first request were still running (on this or another instance).
    const held = { state: 'running' as const, responseStatus: null, responseBody: null, responseHeaders: null };
    await database()
      .db.update(idempotencyKeys)
      .set({ ...held, startedAt: new Date() })
      .where(eq(idempotencyKeys.key, 'key-running'));
    const busy = await create({ distributorExternalUserId: 'idem-running' }, 'key-running');
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('idempotency_key_in_use');
    // Its instance died ten minutes ago: the retry runs in its place.
    await database()
      .db.update(idempotencyKeys)
      .set({ startedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, 'key-running'));
    const retry = await create({ distributorExternalUserId: 'idem-running' }, 'key-running');
    expect(retry).toMatchObject({ status: 200, replayed: null, body: { id: first.body.id } });
    expect((await rowsOf(platform.platformId, 'key-running'))[0]).toMatchObject({ state: 'done', responseStatus: 200 });
  });

  it('forgets an answer after 24 hours: on read, and by the purge job', async () => {
    await create({ distributorExternalUserId: 'idem-old' }, 'key-expired');
    const dayAgo = sql`now() - interval '24 hours 1 second'`;
    await database()
      .db.update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'`, startedAt: dayAgo })
      .where(eq(idempotencyKeys.key, 'key-expired'));
    const reused = await create({ distributorExternalUserId: 'idem-new' }, 'key-expired');
    expect(reused).toMatchObject({ status: 201, replayed: null });
    expect(await recordsFor('idem-new')).toBe(1);

    await create({ distributorExternalUserId: 'idem-purged' }, 'key-purged');
    await database()
      .db.update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'key-purged'));
    expect(await purgeExpiredIdempotencyKeys({ db: database().db, actor: 'test' })).toBe(1);
    expect(await rowsOf(platform.platformId, 'key-purged')).toHaveLength(0);
    expect(await rowsOf(platform.platformId, 'key-expired')).toHaveLength(1);
  });

  it('refuses a key that is empty, too long or not printable ASCII with 400, storing nothing', async () => {
    for (const key of ['', 'k'.repeat(256), 'schlüssel', 'tab\there']) {
      const response = await callRoute(collectionRoute.POST, '/v1/payments/sub-merchants', {
        method: 'POST',
        headers: [
          ...Object.entries(apiHeaders(platform.apiKey, 'payments', { 'content-type': 'application/json' })),
          ['idempotency-key', Buffer.from(key, 'utf8').toString('latin1')],
        ],
        body: JSON.stringify({ distributorExternalUserId: 'idem-bad-key' }),
      });
      expect(response.status, key).toBe(400);
    }
    expect(await recordsFor('idem-bad-key')).toBe(0);
    expect(await database().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, ''))).toHaveLength(0);
    const longest = await create({ distributorExternalUserId: 'idem-long-key' }, 'k'.repeat(255));
    expect(longest.status).toBe(201);
  });

  it('replays a multipart upload retried with a new boundary, and refuses another image under the key', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const upload = async (bytes: Buffer) => {
      const response = await callRoute(mediaRoute.POST, '/v1/payments/media', {
        method: 'POST',
        headers: apiHeaders(platform.apiKey, 'payments', { 'idempotency-key': 'key-upload' }),
        body: mediaForm({ bytes, name: 'photo.jpg', type: 'image/jpeg' }, 'providerA'),
      });
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        text: await response.text(),
      };
    };
    const before = (await database().db.select().from(media)).length;
    const first = await upload(image);
    expect(first.status, first.text).toBe(201);
    const retry = await upload(image);
    expect(retry).toEqual({ ...first, replayed: 'true' });
    expect((await database().db.select().from(media)).length).toBe(before + 1);
    const otherImage = await upload(Buffer.concat([image, Buffer.from([0])]));
    expect(otherImage.status).toBe(422);
  });

  it('keeps the stored answer of an authorization start sealed: no state or pre_auth_code in the table', async () => {
    await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket');
    const start = () =>
      callRoute(authorizeRoute.POST, '/v1/miniprogram/authorize', {
        method: 'POST',
        headers: apiHeaders(platform.apiKey, 'miniprogram', {
          'content-type': 'application/json',
          'idempotency-key': 'key-authorize-1',
        }),
        body: JSON.stringify({
          platform: 'providerA',
          redirectUri: 'https://seller.example.com/done',
          tenantId: 't-1',
        }),
      });
    const first = await start();
    expect(first.status).toBe(201);
    const text = await first.text();
    const secrets = [...text.matchAll(/(?:state|pre_auth_code|preAuthCode)(?:=|%3D|":")([\w-]{8,})/g)].map(
      (m) => m[1]!,
    );
    expect(secrets.length).toBeGreaterThan(0);
    const [row] = await rowsOf(platform.platformId, 'key-authorize-1');
    expect(row!.responseBody).toMatch(/^enc:v1:/);
    const stored = JSON.stringify(row);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    const retry = await start();
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(text);
  });
});
