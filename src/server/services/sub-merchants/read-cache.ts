/**
 * The read routes' answers (a record's JSON and ETag, a list page's JSON) kept in memory and dropped as soon as the
 * database announces a change (src/server/db/change-feed.ts). A hit costs no database round trip, which was most of
 * a read (docs/benchmarks.md).
 *
 * What it guarantees:
 * - Entries are used only while the feed is live; when it stops (the LISTEN connection dropped) everything is
 *   forgotten and reads go to the database until it listens again.
 * - A write acknowledged by this instance (an HTTP answer, a tRPC mutation, a finished sync) waits until the
 *   feed has delivered it (`caughtUp`), so the caller's next read here sees it.
 * - A write committed by another instance or process is seen here once its notification arrives: on the same
 *   host, well under a millisecond after the commit. Records change upstream over hours and are synced every few
 *   minutes (docs/product/decisions.md §4), and every write checks the database itself (If-Match on PUT, the submit lease), so a
 *   read that trails another instance's commit by that long cannot lose or duplicate anything.
 * - A read never fills the cache with data older than a change it has not heard of yet: it takes a ticket before
 *   reading the database, and an entry is stored only if no change to its key arrived since the ticket. A change
 *   that commits after the read's snapshot is announced after the ticket, so either the store is refused or the
 *   announcement drops the stored entry.
 *
 * Only masked JSON is held, never personal data. One cache per database handle; none inside a transaction.
 */
import { getEnv } from '@/env';
import { LruMap } from '@/server/cache/lru-map';
import { changeFeedOf, type Change, type ChangeFeed } from '@/server/db/change-feed';

/**
 * `utf8` is the JSON encoded once: answering with bytes saves encoding it on every hit, which cost ≈ 0.07× of the
 * list route's throughput for a page of 20 (docs/benchmarks.md).
 */
export type CachedRecord = {
  id: string;
  platformId: string;
  json: string;
  etag: string;
  utf8: Uint8Array<ArrayBuffer>;
};
export type CachedPage = { json: string; utf8: Uint8Array<ArrayBuffer> };
export type Ticket = { epoch: number; seq: number };

/** Changes remembered per key for the ticket check; beyond this, older ones collapse into `floor`. */
const REMEMBERED_CHANGES = 10_000;

export class ReadCache {
  private readonly records = new LruMap<CachedRecord>(5_000);
  // Pages are larger (up to 100 records) and fewer are polled: a smaller bound.
  private readonly pages = new LruMap<CachedPage & { platformGeneration: number }>(200);
  /** A page is valid while its platform's generation has not moved since it was built. */
  private readonly platformGenerations = new Map<string, number>();
  private seq = 0;
  /** Any change older than this may have been forgotten from `changedAt`. */
  private floor = 0;
  private readonly changedAt = new Map<string, number>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((change) => this.forget(change));
  }

  /** Taken before reading the database for an entry; `put*` refuses the entry if a change arrived since. */
  ticket(): Ticket | undefined {
    return this.feed.isLive() ? { epoch: this.feed.epoch, seq: this.seq } : undefined;
  }

  record(id: string): CachedRecord | undefined {
    return this.feed.isLive() ? this.records.get(id) : undefined;
  }

  putRecord(ticket: Ticket | undefined, entry: Omit<CachedRecord, 'utf8'>) {
    if (this.unchangedSince(ticket, entry.id)) this.records.set(entry.id, { ...entry, utf8: Buffer.from(entry.json) });
  }

  page(platformId: string, query: string): CachedPage | undefined {
    if (!this.feed.isLive()) return undefined;
    const hit = this.pages.get(pageKey(platformId, query));
    return hit && hit.platformGeneration === (this.platformGenerations.get(platformId) ?? 0) ? hit : undefined;
  }

  putPage(ticket: Ticket | undefined, platformId: string, query: string, json: string) {
    if (!this.unchangedSince(ticket, platformKey(platformId))) return;
    const platformGeneration = this.platformGenerations.get(platformId) ?? 0;
    this.pages.set(pageKey(platformId, query), { platformGeneration, json, utf8: Buffer.from(json) });
  }

  private unchangedSince(ticket: Ticket | undefined, key: string): boolean {
    if (!ticket || ticket.epoch !== this.feed.epoch || !this.feed.isLive()) return false;
    return (this.changedAt.get(key) ?? this.floor) <= ticket.seq;
  }

  private forget(change: Change) {
    this.seq += 1;
    if (change === 'everything' || this.changedAt.size >= REMEMBERED_CHANGES) {
      this.changedAt.clear();
      this.floor = this.seq;
    }
    if (change === 'everything') {
      this.records.clear();
      this.pages.clear();
      this.platformGenerations.clear();
      return;
    }
    this.records.delete(change.id);
    this.platformGenerations.set(change.platformId, (this.platformGenerations.get(change.platformId) ?? 0) + 1);
    this.changedAt.set(change.id, this.seq);
    this.changedAt.set(platformKey(change.platformId), this.seq);
  }
}

// Ids never contain a newline: these keys cannot collide with each other or with a record id.
const platformKey = (platformId: string) => `platform\n${platformId}`;
const pageKey = (platformId: string, query: string) => `${platformId}\n${query}`;

// On globalThis, like the feeds: one cache per database handle even when Next.js evaluates this module once per
// bundle (the console's tRPC procedures and the /v1 routes then share it).
const registry = globalThis as typeof globalThis & { __subMerchantReadCaches?: WeakMap<object, ReadCache> };
const caches = (registry.__subMerchantReadCaches ??= new WeakMap<object, ReadCache>());

/**
 * The cache of a database handle's `db`; undefined inside a transaction (its reads must see its own writes) and
 * when API_READ_CACHE=off.
 */
export function readCacheOf(db: object): ReadCache | undefined {
  if (getEnv().API_READ_CACHE === 'off') return undefined;
  let cache = caches.get(db);
  if (!cache) {
    const feed = changeFeedOf(db);
    if (!feed) return undefined;
    caches.set(db, (cache = new ReadCache(feed)));
  }
  return cache;
}
