import { getEnv } from '@/env';
import type { Provider } from '@/domain/providers';
import { reviewUnderWay, type ApplicationState } from '@/domain/sub-merchant-states';

/** States in which the merchant has to act (confirm, sign): the next move can come any moment. */
const merchantMustAct: string[] = ['to_be_confirmed', 'to_be_signed', 'signing'] satisfies ApplicationState[];

/** The first check after a change (a submit included) comes within this, so a quick upstream answer shows fast. */
const SOON_MS = 10_000;
/** Within this after a change, the record is checked "soon"; afterwards the delay grows with the quiet time. */
const JUST_CHANGED_MS = 60_000;
const MIN_DELAY_MS = 2_000;

/**
 * Records under review per provider, as last counted by the sync: with the per-provider query rate this gives
 * the shortest delay every record can be polled at without the rate limiter building a backlog.
 */
const underReview = new Map<Provider, number>();
export function setUnderReviewCount(provider: Provider, count: number) {
  underReview.set(provider, count);
}

/**
 * How long until a record under review is checked again (null: terminal, never). Soon (≤ 10 s) right after a
 * change, fast (interval/4, at least 2 s) while the merchant must act, then backing off with the time the record
 * has sat unchanged (an eighth of it), but never longer than the configured interval. Jitter only shortens a
 * delay (up to 20 %), so the interval stays an upper bound. Delays are then raised to what the provider's rate
 * limit sustains for all its records under review (records ÷ rate), capped at the interval: when even that
 * does not fit, the rate limiter wins and checks queue up (docs/configuration.md).
 */
export function syncDelayMs(input: {
  state: string | null;
  changedAt: Date;
  now: Date;
  intervalMs: number;
  budgetFloorMs?: number;
  random?: number;
}): number | null {
  if (!reviewUnderWay(input.state)) return null;
  const slow = input.intervalMs;
  const fast = Math.min(slow, Math.max(MIN_DELAY_MS, slow / 4));
  const quietMs = Math.max(0, input.now.getTime() - input.changedAt.getTime());
  let delay: number;
  if (quietMs < JUST_CHANGED_MS) delay = Math.min(SOON_MS, fast);
  else if (merchantMustAct.includes(input.state)) delay = fast;
  else delay = Math.min(slow, Math.max(fast, quietMs / 8));
  const jittered = Math.max(Math.min(MIN_DELAY_MS, slow), delay * (0.8 + 0.2 * (input.random ?? Math.random())));
  // The budget applies after the jitter, so the records under review never ask more often than the limit.
  return Math.round(Math.min(slow, Math.max(jittered, input.budgetFloorMs ?? 0)));
}

/** When the background sync should look at a record next; null for terminal states. */
export function nextSyncAt(
  record: { state: string | null; changedAt: Date; provider: Provider },
  now = new Date(),
): Date | null {
  const env = getEnv();
  const delay = syncDelayMs({
    state: record.state,
    changedAt: record.changedAt,
    now,
    intervalMs: env.SUB_MERCHANT_SYNC_INTERVAL_SECONDS * 1000,
    budgetFloorMs: ((underReview.get(record.provider) ?? 0) / env.SYNC_RATE_LIMIT_PER_SECOND) * 1000,
  });
  return delay === null ? null : new Date(now.getTime() + delay);
}
