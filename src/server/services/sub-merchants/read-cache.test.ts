import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed } from '@/server/db/change-feed';
import { ReadCache } from './read-cache';

/** A feed driven by hand: the tests decide when a change "arrives" and when the feed is live. */
function handFeed() {
  const listeners: Array<(change: Change) => void> = [];
  const state = { live: true, epoch: 1 };
  const feed: ChangeFeed = {
    isLive: () => state.live,
    get epoch() {
      return state.epoch;
    },
    subscribe: (listener) => void listeners.push(listener),
    caughtUp: async () => {},
    close: async () => {},
  };
  const announce = (change: Change) => listeners.forEach((listener) => listener(change));
  const setLive = (live: boolean) => {
    state.live = live;
    state.epoch += 1;
    announce('everything');
  };
  return { feed, announce, setLive };
}

const record = (id: string, platformId = 'plt_a', json = `{"id":"${id}"}`) => ({
  id,
  platformId,
  json,
  etag: `W/"${id}-1"`,
});

describe('ReadCache', () => {
  it('refuses an entry read before a change to it arrived, and keeps entries of other records', () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache(feed);
    const ticket = cache.ticket();
    announce({ platformId: 'plt_a', id: 'sm_1' });
    cache.putRecord(ticket, record('sm_1'));
    cache.putRecord(ticket, record('sm_2'));
    expect(cache.record('sm_1')).toBeUndefined();
    expect(cache.record('sm_2')?.json).toBe('{"id":"sm_2"}');
    // The answer's bytes are the JSON's UTF-8, encoded once.
    expect(Buffer.from(cache.record('sm_2')!.utf8).toString('utf8')).toBe('{"id":"sm_2"}');
  });

  it('drops a record and every page of its platform when a change arrives after they were stored', () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache(feed);
    const ticket = cache.ticket();
    cache.putRecord(ticket, record('sm_1'));
    cache.putPage(ticket, 'plt_a', 'first', '{"page":"a"}');
    cache.putPage(ticket, 'plt_b', 'first', '{"page":"b"}');
    expect(cache.page('plt_a', 'first')?.json).toBe('{"page":"a"}');

    announce({ platformId: 'plt_a', id: 'sm_9' });
    expect(cache.record('sm_1')?.json).toBe('{"id":"sm_1"}');
    expect(cache.page('plt_a', 'first')?.json).toBeUndefined();
    expect(cache.page('plt_b', 'first')?.json).toBe('{"page":"b"}');

    announce({ platformId: 'plt_a', id: 'sm_1' });
    expect(cache.record('sm_1')).toBeUndefined();
  });

  it('refuses a page read before a change anywhere in its platform', () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache(feed);
    const ticket = cache.ticket();
    announce({ platformId: 'plt_a', id: 'sm_new' });
    cache.putPage(ticket, 'plt_a', 'first', '{"stale":true}');
    cache.putPage(ticket, 'plt_b', 'first', '{"fresh":true}');
    expect(cache.page('plt_a', 'first')?.json).toBeUndefined();
    expect(cache.page('plt_b', 'first')?.json).toBe('{"fresh":true}');
  });

  it('answers nothing while the feed is not live, and refuses entries read before it came back', () => {
    const { feed, setLive } = handFeed();
    const cache = new ReadCache(feed);
    cache.putRecord(cache.ticket(), record('sm_1'));
    setLive(false);
    expect(cache.record('sm_1')).toBeUndefined();
    expect(cache.ticket()).toBeUndefined();
    cache.putRecord(undefined, record('sm_2'));

    const beforeComingBack = { epoch: feed.epoch, seq: 0 };
    setLive(true);
    expect(cache.record('sm_1')).toBeUndefined();
    expect(cache.record('sm_2')).toBeUndefined();
    cache.putRecord(beforeComingBack, record('sm_3'));
    expect(cache.record('sm_3')).toBeUndefined();
    cache.putRecord(cache.ticket(), record('sm_3'));
    expect(cache.record('sm_3')?.id).toBe('sm_3');
  });

  it('stays safe once it has forgotten which keys changed: older tickets are refused', () => {
    const { feed, announce } = handFeed();
    const cache = new ReadCache(feed);
    const old = cache.ticket();
    for (let i = 0; i < 10_001; i++) announce({ platformId: 'plt_busy', id: `sm_busy_${i}` });
    cache.putRecord(old, record('sm_quiet'));
    expect(cache.record('sm_quiet')).toBeUndefined();
    cache.putRecord(cache.ticket(), record('sm_quiet'));
    expect(cache.record('sm_quiet')?.id).toBe('sm_quiet');
  });
});
