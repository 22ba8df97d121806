/**
 * The sandbox's ledger of the mini-program calls that change an authorizer upstream (commit, audit submit,
 * release, gray release, rollback): one object per call received, written before the call is handled, so a
 * test or a checker in another process can count per authorizer what the service really sent
 * (`GET /sandbox/control/{provider}/calls`). Read-only calls are not recorded: they repeat harmlessly, and the
 * status sync's volume of them would only cost the sandbox writes.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxStore } from './store';

const KIND = 'providerA.component.call';

/** WeChat code-management paths whose repetition would be visible upstream (D.2–D.8). */
export const COUNTED_PROVIDER_A_CALLS = new Set([
  '/wxa/commit',
  '/wxa/submit_audit',
  '/wxa/release',
  '/wxa/grayrelease',
  '/wxa/revertgrayrelease',
  '/wxa/revertcoderelease',
  '/wxa/undocodeaudit',
]);

type LedgerEntry = { appId: string; api: string; at: number };

export async function recordProviderACall(store: SandboxStore, entry: LedgerEntry) {
  await store.create<LedgerEntry>(KIND, randomUUID(), entry);
}

/** Calls per authorizer and path (`{ appId, api, count }`), of one authorizer or all. */
export async function countProviderACalls(store: SandboxStore, appId?: string) {
  const counts = new Map<string, { appId: string; api: string; count: number }>();
  for (const entry of await store.list<LedgerEntry>(KIND)) {
    if (appId && entry.appId !== appId) continue;
    const key = `${entry.appId} ${entry.api}`;
    const row = counts.get(key) ?? { appId: entry.appId, api: entry.api, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  return [...counts.values()].sort((a, b) => a.appId.localeCompare(b.appId) || a.api.localeCompare(b.api));
}
