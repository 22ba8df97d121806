/**
 * What the restart tests hold webhook deliveries to: a receiver that records each event id as it arrives (and
 * may hold each delivery a while), and the check that every event of the platform arrived exactly once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import type { OnboardingClient } from '../../clients/typescript/index';

/** The integrator's endpoint: answers 200 after `holdMs`, recording each `X-Event-Id` as it arrives. */
export async function startLedgerReceiver(holdMs = 0) {
  const eventIds: string[] = [];
  let holding = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    eventIds.push(String(req.headers['x-event-id']));
    holding++;
    setTimeout(() => {
      holding--;
      res.writeHead(200).end('ok');
    }, holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    eventIds,
    /** Deliveries that have arrived and are not answered yet. */
    holding: () => holding,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LedgerReceiver = Awaited<ReturnType<typeof startLedgerReceiver>>;

/** Every event id of the platform's payments area, through GET /v1/events page by page. */
export async function listEventIds(api: OnboardingClient) {
  const ids: string[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await api.GET('/v1/events', {
      params: { header: { 'X-Service-Code': 'payments' }, query: { limit: 100, ...(cursor ? { cursor } : {}) } },
    });
    expect(page.response.status).toBe(200);
    ids.push(...page.data!.data.map((e) => e.id));
    if (!page.data!.hasMore) return ids;
    cursor = page.data!.nextCursor!;
  }
}

/** Waits until each of `eventIds` has reached the receiver, then checks that none arrived twice. */
export async function expectEachDeliveredOnce(receiver: LedgerReceiver, eventIds: string[]) {
  await expect.poll(() => new Set(receiver.eventIds).size, { timeout: 45_000, intervals: [500] }).toBe(eventIds.length);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // a second delivery would come within this
  expect(receiver.eventIds.length).toBe(eventIds.length);
  expect(new Set(receiver.eventIds)).toEqual(new Set(eventIds));
}
