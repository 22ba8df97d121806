/**
 * Every image decode of the instance runs through this pool: at most MEDIA_DECODE_CONCURRENCY at once, at most
 * MEDIA_DECODE_QUEUE waiting, and one platform at most half of each (at least one running), so a burst from one
 * API key waits behind itself while another platform's upload still finds a slot. Past the limits: 503
 * `decoding_busy` with Retry-After. Why a pool at all: sharp decodes on libuv's worker threads (4 by default),
 * which password hashing and file reads share; a hundred parallel decodes of 36-megapixel images starved them
 * and another platform's sign-in took 42 s. Kept on globalThis: Next.js bundles route files separately, and
 * a module-level pool would split into one per bundle.
 */
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';

type Waiter = { owner: string; start: () => void };
type Share = { running: number; waiting: number };

export class DecodePool {
  private running = 0;
  private readonly waiters: Waiter[] = [];
  private readonly shares = new Map<string, Share>();
  /** Moving average of a decode's duration: what Retry-After is estimated from. */
  private averageSeconds = 1;

  constructor(private readonly limits: () => { concurrency: number; queue: number }) {}

  /**
   * Runs `task` when a slot is free for `owner`. `wait: true` (the upgrade job, which has no client to answer)
   * waits whatever the queue holds; otherwise a full queue or an owner over its share throws 503.
   */
  async run<T>(owner: string, task: () => Promise<T>, options: { wait?: boolean } = {}): Promise<T> {
    const share = this.share(owner);
    if (this.canStart(share)) {
      this.running++;
      share.running++;
    } else {
      if (!options.wait) this.refuseWhenFull(owner, share);
      share.waiting++;
      // startWaiters takes the slot for this waiter before it resolves.
      await new Promise<void>((start) => this.waiters.push({ owner, start }));
      share.waiting--;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageSeconds = 0.8 * this.averageSeconds + 0.2 * ((performance.now() - started) / 1000);
      this.running--;
      share.running--;
      this.forgetIdle(owner, share);
      this.startWaiters();
    }
  }

  /** Decodes running and uploads waiting (tests read it). */
  state() {
    return { running: this.running, waiting: this.waiters.length };
  }

  private ownerLimits() {
    const { concurrency, queue } = this.limits();
    return {
      concurrency,
      queue,
      ownerRunning: Math.max(1, Math.floor(concurrency / 2)),
      ownerWaiting: Math.ceil(queue / 2),
    };
  }

  private share(owner: string) {
    let share = this.shares.get(owner);
    if (!share) this.shares.set(owner, (share = { running: 0, waiting: 0 }));
    return share;
  }

  private canStart(share: Share) {
    const limits = this.ownerLimits();
    return this.running < limits.concurrency && share.running < limits.ownerRunning;
  }

  private forgetIdle(owner: string, share: Share) {
    if (share.running === 0 && share.waiting === 0) this.shares.delete(owner);
  }

  private refuseWhenFull(owner: string, share: Share) {
    const limits = this.ownerLimits();
    const full = this.waiters.length >= limits.queue;
    if (!full && share.waiting < limits.ownerWaiting) return;
    this.forgetIdle(owner, share);
    const seconds = Math.min(
      60,
      Math.max(1, Math.ceil(this.averageSeconds * (this.waiters.length / limits.concurrency + 1))),
    );
    throw new AppError(
      'decoding_busy',
      full
        ? 'Too many images are being processed on this server; retry after the time in Retry-After.'
        : "This platform's images already take their share of the server's image processing; retry after the time in Retry-After.",
      { retryAfterSeconds: seconds },
    );
  }

  /** The first waiter whose owner is within its share goes next (FIFO otherwise). */
  private startWaiters() {
    for (let i = 0; i < this.waiters.length && this.running < this.ownerLimits().concurrency;) {
      const waiter = this.waiters[i]!;
      if (!this.canStart(this.share(waiter.owner))) {
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      // The slot is taken here, so the next waiter in this loop sees it taken.
      this.running++;
      this.share(waiter.owner).running++;
      waiter.start();
    }
  }
}

const slot = globalThis as typeof globalThis & { __decodePool?: DecodePool };

export function decodePool(): DecodePool {
  slot.__decodePool ??= new DecodePool(() => ({
    concurrency: getEnv().MEDIA_DECODE_CONCURRENCY,
    queue: getEnv().MEDIA_DECODE_QUEUE,
  }));
  return slot.__decodePool;
}
