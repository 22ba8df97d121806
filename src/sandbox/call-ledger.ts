/**
 * The sandbox's ledger of the mini-program calls that change an authorizer upstream (commit or upload, audit
 * submit, release, gray release, rollback, audit withdrawal, offline): one object per call received, written
 * before the call is handled, so a test or a checker in another process can count per authorizer what the
 * service really sent (`GET /sandbox/control/{provider}/calls`). Read-only calls are not recorded: they repeat
 * harmlessly, and the status sync's volume of them would only cost the sandbox writes.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxProvider } from './control-applyments';
import type { SandboxStore } from './store';

const KINDS: Record<SandboxProvider, string> = {
  providerA: 'providerA.component.call',
  providerB: 'providerB.mini.call',
};

/**
 * The counted calls: WeChat code-management paths (docs/upstream/providerA.md D.2–D.8) and Alipay method names
 * (docs/upstream/providerB.md C.2–C.5), those whose repetition would be visible upstream.
 */
export const COUNTED_UPSTREAM_CALLS: Record<SandboxProvider, ReadonlySet<string>> = {
  providerA: new Set([
    '/wxa/commit',
    '/wxa/submit_audit',
    '/wxa/release',
    '/wxa/grayrelease',
    '/wxa/revertgrayrelease',
    '/wxa/revertcoderelease',
    '/wxa/undocodeaudit',
  ]),
  providerB: new Set([
    'alipay.open.mini.version.upload',
    'alipay.open.mini.version.audit.apply',
    'alipay.open.mini.version.online',
    'alipay.open.mini.version.gray.online',
    'alipay.open.mini.version.rollback',
    'alipay.open.mini.version.audit.cancel',
    'alipay.open.mini.version.audited.cancel',
    'alipay.open.mini.version.offline',
  ]),
};

type LedgerEntry = { appId: string; api: string; at: number };

/** Records one received call of an authorizer when it is one of its provider's counted calls. */
export async function recordUpstreamCall(store: SandboxStore, provider: SandboxProvider, entry: LedgerEntry) {
  if (!COUNTED_UPSTREAM_CALLS[provider].has(entry.api)) return;
  await store.create<LedgerEntry>(KINDS[provider], randomUUID(), entry);
}

/** Calls per authorizer and API (`{ appId, api, count }`) of one provider, of one authorizer or all. */
export async function countUpstreamCalls(store: SandboxStore, provider: SandboxProvider, appId?: string) {
  const counts = new Map<string, { appId: string; api: string; count: number }>();
  for (const entry of await store.list<LedgerEntry>(KINDS[provider])) {
    if (appId && entry.appId !== appId) continue;
    const key = `${entry.appId} ${entry.api}`;
    const row = counts.get(key) ?? { appId: entry.appId, api: entry.api, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  return [...counts.values()].sort((a, b) => a.appId.localeCompare(b.appId) || a.api.localeCompare(b.api));
}
