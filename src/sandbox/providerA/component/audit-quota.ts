import type { SandboxStore } from '@/sandbox/store';
import { KIND, randomHex } from './state';

/**
 * The platform's submit_audit quota of a calendar month (E: WeChat counts per third-party platform and month).
 * Each accepted submission claims one numbered slot through the store's first-writer-wins create, so submissions
 * racing on several instances never exceed the limit; the control API's `rest` starts a new epoch whose count
 * begins at `limit − rest`.
 */
const month = (d: Date) => d.toISOString().slice(0, 7);
type Epoch = { epoch: number; base: number };

const epochOf = async (store: SandboxStore, now: Date) =>
  (await store.get<Epoch>(KIND.counter, `submit-audit-quota:${month(now)}`)) ?? { epoch: 0, base: 0 };
const slotId = (now: Date, { epoch }: Epoch, n: number) => `submit-audit-quota:${month(now)}:${epoch}:${n}`;
const hintId = (now: Date, { epoch }: Epoch) => `submit-audit-quota:${month(now)}:${epoch}:next`;

/** The first free slot of the epoch, from the hint on (the hint only saves probing; the slots decide). */
async function firstFree(store: SandboxStore, now: Date, epoch: Epoch) {
  let n = (await store.get<number>(KIND.counter, hintId(now, epoch))) ?? 0;
  while (await store.get<string>(KIND.counter, slotId(now, epoch, n))) n++;
  return n;
}

/** Submissions counted against this month's quota. */
export async function quotaUsed(store: SandboxStore, now: Date) {
  const epoch = await epochOf(store, now);
  return epoch.base + (await firstFree(store, now, epoch));
}

/** Takes one submission of the month's quota, or false when `limit` are taken. */
export async function claimQuota(store: SandboxStore, now: Date, limit: number) {
  const epoch = await epochOf(store, now);
  const token = randomHex(8);
  for (let n = await firstFree(store, now, epoch); epoch.base + n < limit; n++) {
    if ((await store.create(KIND.counter, slotId(now, epoch, n), token)) === token) {
      await store.put(KIND.counter, hintId(now, epoch), n + 1);
      return true;
    }
  }
  return false;
}

/** The control API's `rest`: this month's count becomes `used`, submissions count on from there. */
export async function setQuotaUsed(store: SandboxStore, now: Date, used: number) {
  const current = await epochOf(store, now);
  await store.put<Epoch>(KIND.counter, `submit-audit-quota:${month(now)}`, { epoch: current.epoch + 1, base: used });
}
