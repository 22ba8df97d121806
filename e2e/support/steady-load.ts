/**
 * Steady /v1 traffic for the restart tests: readers and writers, each sending its next request as soon as the
 * last one is answered (through the typed client, keep-alive connections as an integrator's would be), recording
 * when every request started and ended and how it came out.
 */
import { expect } from '@playwright/test';
import { apiClient } from './api-client';

export type Outcome = {
  kind: 'read' | 'write';
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or the network error's code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET …). */
  result: number | string;
};

/** How far a failed connection attempt waits before the worker's next request (a client's back-off). */
const BACK_OFF_MS = 50;

export function startSteadyLoad(options: {
  baseUrl: string;
  apiKey: string;
  readers: number;
  writers: number;
  /** Prefix of the writers' distributor ids, so records of two loads never collide. */
  tag: string;
}) {
  const api = apiClient(options.apiKey, options.baseUrl);
  const outcomes: Outcome[] = [];
  let running = true;
  const timed = async (kind: Outcome['kind'], call: () => Promise<{ response: Response }>) => {
    const startedAt = Date.now();
    let result: Outcome['result'];
    try {
      result = (await call()).response.status;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      result = cause?.code ?? String((error as Error).message);
    }
    outcomes.push({ kind, startedAt, endedAt: Date.now(), result });
    if (typeof result === 'string') await new Promise((resolve) => setTimeout(resolve, BACK_OFF_MS));
  };
  const reader = async () => {
    while (running)
      await timed('read', () => api.GET('/v1/payments/sub-merchants', { params: { query: { limit: 20 } } }));
  };
  const writer = async (n: number) => {
    for (let i = 0; running; i++)
      await timed('write', () =>
        api.POST('/v1/payments/sub-merchants', {
          body: { distributorExternalUserId: `${options.tag}-${n}-${i}`, provider: 'providerA' },
        }),
      );
  };
  const workers = [
    ...Array.from({ length: options.readers }, () => reader()),
    ...Array.from({ length: options.writers }, (_, n) => writer(n)),
  ];
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** The requests that were under way at `at`: started before it, answered (or failed) after it. */
export const inFlightAt = (outcomes: Outcome[], at: number) =>
  outcomes.filter((o) => o.startedAt < at && o.endedAt > at);

/**
 * Every request that failed: anything but a 2xx, except a refused connection of a request that started after
 * `stoppedAt` (the instance no longer listens; nothing of the request was sent).
 */
export const failedRequests = (outcomes: Outcome[], stoppedAt = Infinity) =>
  outcomes.filter(
    (o) =>
      !(typeof o.result === 'number' && o.result >= 200 && o.result < 300) &&
      !(o.result === 'ECONNREFUSED' && o.startedAt >= stoppedAt),
  );

/** The load reached the server in both kinds: some reads and some writes answered 2xx. */
export function expectBothKindsServed(outcomes: Outcome[]) {
  for (const kind of ['read', 'write'] as const)
    expect(
      outcomes.filter((o) => o.kind === kind && o.result === (kind === 'read' ? 200 : 201)).length,
    ).toBeGreaterThan(0);
}
