/** The Prometheus text exposition of this process: its own counters plus the shared state read at scrape time. */
import { getDb } from '@/server/db';
import { registerStateGauges } from './collect-state';
import { metrics } from './registry';

const slot = globalThis as typeof globalThis & { __collectState?: () => Promise<void> };

export async function exposition(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  slot.__collectState ??= registerStateGauges(registry, getDb);
  await slot.__collectState();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
