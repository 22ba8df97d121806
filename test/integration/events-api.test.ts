/**
 * GET /v1/events and /v1/events/{id}: the bodies the webhooks carried, per area (X-Service-Code), paginated and
 * filtered, 30 days back, and nothing of another platform.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as itemRoute from '@/app/v1/events/[id]/route';
import * as listRoute from '@/app/v1/events/route';
import { events } from '@/server/db/schema';
import { emitEvent, type EventType } from '@/server/services/events/emit-event';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { useEventDeliveryRig } from '../support/event-delivery-rig';
import { createPlatformWithKey } from '../support/fixtures';
import { pause, until } from '../support/webhook-receiver';

type EventBody = { id: string; type: string; createdAt: string; data: Record<string, unknown> };
type Page = { object: 'list'; data: EventBody[]; hasMore: boolean; nextCursor: string | null };

describeEachDatabase('events API', (database) => {
  const rig = useEventDeliveryRig(database);
  const db = () => database().db;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let other: Awaited<ReturnType<typeof createPlatformWithKey>>;
  const emitted: Record<string, string> = {};

  const emit = (platformId: string, type: EventType, data: Record<string, unknown>) =>
    db().transaction(async (tx) => (await emitEvent({ db: tx, actor: 'test' }, { platformId, type, data })).eventId);
  const list = async (query = '', code = 'payments', apiKey = platform.apiKey) => {
    const response = await callRoute(listRoute.GET, `/v1/events${query}`, { headers: apiHeaders(apiKey, code) });
    return { status: response.status, body: (await response.json()) as Page & { code?: string } };
  };
  const get = async (id: string, code = 'payments', apiKey = platform.apiKey) => {
    const response = await callRoute(itemRoute.GET, `/v1/events/${id}`, {
      headers: apiHeaders(apiKey, code),
      params: { id },
    });
    return { status: response.status, text: await response.text() };
  };
  /** Every page of a listing, following nextCursor. */
  const all = async (query: string, code = 'payments') => {
    const seen: EventBody[] = [];
    let cursor: string | null = null;
    do {
      const separator = query ? '&' : '?';
      const page = await list(`${query}${cursor ? `${separator}cursor=${cursor}` : ''}`, code);
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      cursor = page.body.nextCursor;
      if (page.body.hasMore) expect(cursor).toBeTruthy();
    } while (cursor);
    return seen;
  };

  beforeAll(async () => {
    platform = await createPlatformWithKey(db());
    other = await createPlatformWithKey(db());
    await setPlatformConfig(
      { db: db(), platformId: platform.platformId, actor: 'test' },
      { key: 'payments.notify_url', value: rig.receiver.url('/events-api') },
    );
    for (let i = 0; i < 5; i++) {
      // Apart by a few milliseconds, so "newest first" has one right answer.
      await pause(3);
      emitted[`sm_${i}`] = await emit(platform.platformId, 'sub_merchant.updated', {
        change: 'status',
        object: { id: `sm_${i % 2 === 0 ? 'even' : 'odd'}`, status: 'auditing' },
      });
    }
    emitted.audit = await emit(platform.platformId, 'miniprogram.audit.approved', {
      auditId: 'aud_1',
      platform: 'providerA',
      authorizerAppId: 'wxapp1',
      userVersion: '1.0.0',
      status: 'approved',
    });
    emitted.foreign = await emit(other.platformId, 'sub_merchant.updated', {
      change: 'created',
      object: { id: 'sm_even' },
    });
  });

  it('answers an event with exactly the bytes its webhook carried', async () => {
    const id = emitted.sm_0!;
    await until(() => rig.receiver.at('/events-api').some((hit) => hit.headers['x-event-id'] === id));
    const hit = rig.receiver.at('/events-api').find((h) => h.headers['x-event-id'] === id)!;
    const answer = await get(id);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(hit.body);
    const listed = (await all('')).find((e) => e.id === id);
    expect(JSON.stringify(listed)).toBe(hit.body);
  });

  it('pages newest first with limit and cursor, without repeats or gaps', async () => {
    const first = await list('?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const everything = await all('?limit=2');
    expect(everything.map((e) => e.id)).toEqual(
      [emitted.sm_4, emitted.sm_3, emitted.sm_2, emitted.sm_1, emitted.sm_0].map(String),
    );
    const times = everything.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list('?cursor=not-a-cursor')).status).toBe(400);
  });

  it('lists each area under its own X-Service-Code', async () => {
    const payments = await all('');
    expect(payments.every((e) => e.type.startsWith('sub_merchant.'))).toBe(true);
    const mini = await all('', 'miniprogram');
    expect(mini.map((e) => e.id)).toEqual([emitted.audit]);
    expect((await get(emitted.audit!, 'miniprogram')).status).toBe(200);
    expect((await get(emitted.audit!, 'payments')).status).toBe(404);
    expect((await list('', 'payouts')).status).toBe(400);
    expect((await list('', 'payouts')).body.code).toBe('service_code_mismatch');
  });

  it('filters by type, by object id and by time', async () => {
    expect((await all('?type=sub_merchant.updated')).length).toBe(5);
    expect(await all('?type=sub_merchant.created')).toEqual([]);
    expect((await list('?type=DROP%20TABLE')).status).toBe(400);
    const even = await all('?objectId=sm_even');
    expect(even.map((e) => e.id)).toEqual([emitted.sm_4, emitted.sm_2, emitted.sm_0].map(String));
    expect((await all('?objectId=aud_1', 'miniprogram')).map((e) => e.id)).toEqual([emitted.audit]);
    expect((await all('?objectId=wxapp1', 'miniprogram')).map((e) => e.id)).toEqual([emitted.audit]);

    const [third] = await db().select().from(events).where(eq(events.id, emitted.sm_2!));
    const at = encodeURIComponent(third!.createdAt.toISOString());
    const after = await all(`?createdAfter=${at}`);
    expect(after.map((e) => e.id)).toEqual(expect.arrayContaining([emitted.sm_2, emitted.sm_3, emitted.sm_4]));
    expect(after.map((e) => e.id)).not.toContain(emitted.sm_0);
    const before = await all(`?createdBefore=${at}`);
    expect(before.map((e) => e.id)).not.toContain(emitted.sm_2);
    expect(before.map((e) => e.id)).toContain(emitted.sm_0);
    expect((await list('?createdAfter=yesterday')).status).toBe(400);
  });

  it('shows nothing of another platform: its events are 404 and never listed', async () => {
    expect((await get(emitted.foreign!)).status).toBe(404);
    const unknown = await get('evt_doesnotexist');
    expect(unknown.status).toBe(404);
    expect((await all('?objectId=sm_even')).map((e) => e.id)).not.toContain(emitted.foreign);
    const theirs = await list('', 'payments', other.apiKey);
    expect(theirs.body.data.map((e) => e.id)).toEqual([emitted.foreign]);
  });

  it('keeps events readable for 30 days', async () => {
    const old = await emit(platform.platformId, 'sub_merchant.updated', { change: 'old', object: { id: 'sm_old' } });
    await db()
      .update(events)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(events.id, old));
    expect((await get(old)).status).toBe(404);
    expect(await all('?objectId=sm_old')).toEqual([]);
    await db()
      .update(events)
      .set({ createdAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(events.id, old));
    expect((await get(old)).status).toBe(200);
  });
});
