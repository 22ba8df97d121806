import { getEnv } from '@/env';

/**
 * How long a lease over one upstream step holds (a record's submit, a rollout item's step): long enough for the
 * step's calls (a call and its follow-up, three attempts each with back-off, under UPSTREAM_TIMEOUT_MS) and the
 * writes around them; no longer, because a holder that died keeps its work waiting until the lease runs out.
 * 72 s with the default 10 s timeout.
 */
export const upstreamStepLeaseMs = () => 2 * (3 * getEnv().UPSTREAM_TIMEOUT_MS + 1_000) + 10_000;
