/**
 * Fewer database round trips for the narrow queries every read route makes (src/server/http/read-route-cache.ts),
 * without ever answering from data older than the request.
 *
 * A round trip costs the Next.js process about 0.35 ms of CPU under load whatever the query (`select 1` included:
 * docs/benchmarks.md), more than the rest of a cached read. Both helpers let concurrent requests share one query,
 * but only a query that STARTED after each of them arrived: a request that arrives while a query is running waits
 * for the next one. So every answer reflects every write committed before the request came in (read-your-writes
 * holds). Under light load nothing waits; under heavy load batches grow by
 * themselves (≈ 5 keys a query at 650 GETs/s in the benchmark).
 */

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Lookups by key batched into one query: one query in flight, the keys that arrive meanwhile go in the next. A
 * batch leaves at the end of the event-loop turn that queued its first key (setImmediate), so the requests read
 * from the network in that turn travel together; that adds no timer and no measurable latency.
 */
export class BatchedLookup<V> {
  private inFlight = false;
  private flushScheduled = false;
  private readonly queued = new Map<string, Waiter<V>[]>();

  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxBatch = 500,
  ) {}

  load(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.queued.set(key, [{ resolve, reject }]);
      this.scheduleFlush();
    });
  }

  private scheduleFlush() {
    if (this.inFlight || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush() {
    if (this.inFlight || this.queued.size === 0) return;
    const batch = new Map<string, Waiter<V>[]>();
    for (const [key, waiters] of this.queued) {
      if (batch.size === this.maxBatch) break;
      batch.set(key, waiters);
      this.queued.delete(key);
    }
    this.inFlight = true;
    this.loadMany([...batch.keys()])
      .then(
        (found) => batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(found.get(key)))),
        (error: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(error))),
      )
      .finally(() => {
        this.inFlight = false;
        this.scheduleFlush();
      });
  }
}

/** Identical reads (same key) that arrive while one runs share the next run instead of each running its own. */
export class SharedNextRun<V> {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly next = new Map<string, Promise<V>>();

  run(key: string, read: () => Promise<V>): Promise<V> {
    const current = this.running.get(key);
    if (!current) return this.start(key, read);
    let shared = this.next.get(key);
    if (!shared) {
      shared = current.then(() => {
        this.next.delete(key);
        return this.start(key, read);
      });
      this.next.set(key, shared);
    }
    return shared;
  }

  private start(key: string, read: () => Promise<V>): Promise<V> {
    const result = read();
    // Settles (never rejects) when the read does, and then no longer counts as running.
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return result;
  }
}
