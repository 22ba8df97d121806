import { beforeAll, expect, it } from 'vitest';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { createPlatformWithKey } from '../support/fixtures';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';

/**
 * Pollers of GET /v1/payments/sub-merchants/{id} send the ETag back in If-None-Match and get 304 while the record is
 * unchanged (src/app/v1/payments/sub-merchants/[id]/operation.ts).
 */
describeEachDatabase('sub-merchant ETag and If-None-Match', (database) => {
  let owner: ReturnType<typeof paymentsApi>;
  let stranger: ReturnType<typeof paymentsApi>;
  let id: string;

  beforeAll(async () => {
    owner = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    stranger = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    id = (await owner.create({ distributorExternalUserId: 'etag-seller', formData: { merchantShortname: 'One' } })).body
      .id;
  });

  it('answers 200 with an ETag, 304 without a body for that ETag, and 200 with a new ETag after an update', async () => {
    const first = await owner.get(id);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const unchanged = await owner.get(id, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.body).toEqual({});

    expect((await owner.put(id, { formData: { merchantShortname: 'Two' } }, { 'if-match': etag })).status).toBe(200);
    const changed = await owner.get(id, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.formData.merchantShortname).toBe('Two');
    const newEtag = changed.headers.get('etag')!;
    expect(newEtag).not.toBe(etag);
    expect((await owner.get(id, { 'if-none-match': newEtag })).status).toBe(304);
    // A stale ETag never makes a conditional update succeed.
    expect((await owner.put(id, { commissionRate: 0.2 }, { 'if-match': etag })).status).toBe(409);
  });

  it('never answers 304 to another platform, whatever ETag it sends', async () => {
    const etag = (await owner.get(id)).headers.get('etag')!;
    const foreign = await stranger.get(id, { 'if-none-match': etag });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('etag')).toBeNull();
    expect((await stranger.get(id, { 'if-none-match': '*' })).status).toBe(404);
  });

  it('never answers 304 to a key without the payments service, nor for an unknown record', async () => {
    const etag = (await owner.get(id)).headers.get('etag')!;
    const { platformId } = await createPlatformWithKey(database().db);
    const miniOnly = await createApiKey(
      { db: database().db, platformId, actor: 'test' },
      { services: ['miniprogram'] },
    );
    expect((await paymentsApi(miniOnly.secret).get(id, { 'if-none-match': etag })).status).toBe(403);
    expect((await owner.get('smr_does_not_exist', { 'if-none-match': etag })).status).toBe(404);
    expect((await owner.get(id, { 'if-none-match': `${etag}x` })).status).toBe(200);
  });
});
