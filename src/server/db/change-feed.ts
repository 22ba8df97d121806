/**
 * Which sub-merchant rows changed, as PostgreSQL announces them: a trigger (drizzle/0006) sends
 * `pg_notify('sub_merchant_changed', '<platformId> <id>')` for every inserted, updated or deleted row, and `*`
 * after a TRUNCATE. NOTIFY is transactional: a change is announced once it has committed, and never if it rolls
 * back, whoever made it (this instance, another instance, a job, psql).
 *
 * The read caches (src/server/services/sub-merchants/read-cache.ts) trust their entries only while the feed is
 * live. On PostgreSQL that means a LISTEN connection is open: when it drops, notifications sent meanwhile are
 * lost, so the feed stops being live (and the caches forget everything) until it listens again. PGlite runs in
 * this process and delivers a notification before the committing statement's promise resolves, so it is always
 * live and always caught up.
 */
import postgres from 'postgres';
import { logger } from '@/server/logger';

export const changeChannel = 'sub_merchant_changed';
export const changeFeedApplicationName = 'onboarding-change-feed';

export type Change = { platformId: string; id: string } | 'everything';

export interface ChangeFeed {
  /** True while every committed change reaches the subscribers. The first call starts listening. */
  isLive(): boolean;
  /** Changes whenever liveness changes: a read that started under another epoch must not fill a cache. */
  readonly epoch: number;
  /** Listeners hear each change, and `everything` whenever the feed goes live or stops being live. */
  subscribe(listener: (change: Change) => void): void;
  /**
   * Resolves once every change committed before the call has reached the subscribers. Writes answered to a
   * caller wait for it, so that the caller's next read on this instance sees them (read-your-writes).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export function parseChange(payload: string): Change {
  const space = payload.indexOf(' ');
  if (payload === '*' || space < 1) return 'everything';
  return { platformId: payload.slice(0, space), id: payload.slice(space + 1) };
}

/** Fan-out and the live/epoch bookkeeping both drivers share. */
class Subscribers {
  private readonly listeners: Array<(change: Change) => void> = [];
  live = false;
  epoch = 0;

  add(listener: (change: Change) => void) {
    this.listeners.push(listener);
  }

  deliver(change: Change) {
    for (const listener of this.listeners) listener(change);
  }

  setLive(live: boolean) {
    this.live = live;
    this.epoch += 1;
    this.deliver('everything');
  }

  /** The ChangeFeed over these subscribers; the driver supplies what differs: catching up and closing. */
  feed(driver: Pick<ChangeFeed, 'caughtUp' | 'close'> & { onIsLive?: () => void }): ChangeFeed {
    const currentEpoch = () => this.epoch;
    return {
      isLive: () => {
        driver.onIsLive?.();
        return this.live;
      },
      get epoch() {
        return currentEpoch();
      },
      subscribe: (listener) => this.add(listener),
      caughtUp: driver.caughtUp,
      close: driver.close,
    };
  }
}

type PGliteListener = { listen(channel: string, callback: (payload: string) => void): Promise<unknown> };

export async function pgliteChangeFeed(client: PGliteListener): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  await client.listen(changeChannel, (payload) => subscribers.deliver(parseChange(payload)));
  subscribers.setLive(true);
  return subscribers.feed({ caughtUp: async () => {}, close: async () => subscribers.setLive(false) });
}

const retryDelaysMs = [100, 500, 1_000, 5_000];

/**
 * One dedicated connection that LISTENs, opened on first use (a handle that never serves a cached read never
 * opens it). While it is down, reads take the uncached path; it tries again with backoff.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  const subscribers = new Subscribers();
  let closed = false;
  let started = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const onnotify = (channel: string, payload: string) => {
    if (channel === changeChannel) subscribers.deliver(parseChange(payload));
  };
  const connection = postgres(url, {
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    // Named, so operators (and the tests) can find it in pg_stat_activity.
    connection: { application_name: changeFeedApplicationName },
    onnotice: () => {},
    // The LISTEN connection dropped (or never opened): notifications sent from now on are lost.
    onclose: () => {
      if (subscribers.live) subscribers.setLive(false);
      listenLater();
    },
    // postgres.js hands every NotificationResponse to this option (its own listen() uses it); its types omit it.
    ...({ onnotify } as object),
  });

  function listenLater() {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        void listen();
      },
      retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)],
    );
    retry.unref();
  }

  async function listen() {
    try {
      await connection.unsafe(`listen ${changeChannel}`);
      failures = 0;
      // Anything may have changed while nobody listened: subscribers forget it all as the feed goes live.
      if (!closed && !subscribers.live) subscribers.setLive(true);
    } catch (error) {
      if (closed) return;
      failures += 1;
      logger.warn({ err: error, failures }, 'change feed: LISTEN failed; reads stay uncached until it succeeds');
      listenLater();
    }
  }

  return subscribers.feed({
    // The first question about liveness opens the LISTEN connection.
    onIsLive: () => {
      if (!started) {
        started = true;
        void listen();
      }
    },
    // A round trip on the LISTEN connection: PostgreSQL signals listeners as a transaction commits and sends a
    // listener its pending notifications before the result of its next query, and postgres.js hands them to
    // onnotify in that order. So this resolves after every change committed before the call was delivered.
    caughtUp: async () => {
      // A failure means the connection dropped: onclose has taken the feed out of service, nothing to wait for.
      if (subscribers.live) await connection.unsafe('select 1').catch(() => {});
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      if (subscribers.live) subscribers.setLive(false);
      await connection.end({ timeout: 5 });
    },
  });
}

// On globalThis: Next.js may evaluate this module once per bundle, and the route bundles must find the feed that
// the bundle which opened the database registered.
const registry = globalThis as typeof globalThis & { __changeFeeds?: WeakMap<object, ChangeFeed> };
const feeds = (registry.__changeFeeds ??= new WeakMap<object, ChangeFeed>());

export function registerChangeFeed(db: object, feed: ChangeFeed): ChangeFeed {
  feeds.set(db, feed);
  return feed;
}

/** The feed of a database handle's `db`; none for a transaction, whose reads must never come from a cache. */
export const changeFeedOf = (db: object): ChangeFeed | undefined => feeds.get(db);
