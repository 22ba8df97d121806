export interface RetryOptions {
  /** Total attempts including the first (default 3). */
  attempts?: number;
  /** First back-off delay; doubles each time (default 200 ms). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** Marks a failure worth another attempt; `final` is what the caller sees once attempts run out. */
export class RetryableFailure extends Error {
  constructor(readonly final: Error) {
    super(final.message);
    this.name = 'RetryableFailure';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential back-off with jitter (half to full delay), so synchronized clients spread out. */
export async function withRetry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 3);
  const base = options.baseDelayMs ?? 200;
  const max = options.maxDelayMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!(error instanceof RetryableFailure)) throw error;
      if (attempt >= attempts) throw error.final;
      const delay = Math.min(max, base * 2 ** (attempt - 1));
      await sleep(delay * (0.5 + Math.random() * 0.5));
    }
  }
}
