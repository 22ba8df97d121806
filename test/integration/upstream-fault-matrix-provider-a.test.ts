/** providerA (WeChat Pay and the WeChat open platform) half of the fault matrix, and its coverage check. */
import { describe, expect, it } from 'vitest';
import { describeFaultMatrix } from '../support/upstream-fault-matrix';
import { callsNoServiceMakes, upstreamCalls, upstreamCallsInSource } from '../support/upstream-calls';

describeFaultMatrix('providerA');

describe('the fault matrix covers every upstream call', () => {
  it('each call named in the provider clients has a row (or is one no service makes, with the reason)', () => {
    const bare = (match: string) =>
      match
        .replace(/^method=/, '')
        .replace(/&$/, '')
        .replace(/\/$/, '');
    const covered = (call: string) =>
      upstreamCalls.some((c) => call === bare(c.match) || call.endsWith(bare(c.match)) || bare(c.match).endsWith(call));
    const missing = upstreamCallsInSource().filter((call) => !covered(call) && !(call in callsNoServiceMakes));
    expect(missing).toEqual([]);
  });
});
