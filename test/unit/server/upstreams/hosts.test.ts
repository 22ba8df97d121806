import { describe, expect, it } from 'vitest';
import { adapterCache, upstreamHosts } from '@/server/upstreams/hosts';

describe('upstream hosts and adapters per platform (sandbox mode)', () => {
  it("points each platform's adapters at its own sandbox namespace, pages included", () => {
    const [a, b] = [upstreamHosts('plat_A'), upstreamHosts('plat_B')];
    expect(a.providerAPay).toMatch(/\/sandbox\/t\/[0-9A-Za-z]{22}\/providerA\/pay$/);
    expect(a.providerBGateway).toMatch(/\/sandbox\/t\/[0-9A-Za-z]{22}\/providerB\/gateway\.do$/);
    expect(a.providerAAuthorizePages?.pc).toMatch(/\/sandbox\/t\/[0-9A-Za-z]{22}\/providerA\/authorize\/pc$/);
    expect(b.providerAPay).not.toBe(a.providerAPay);
    expect(b.providerBAuthorizePage).not.toBe(a.providerBAuthorizePage);
  });

  it('keeps at most `limit` adapters, dropping the least recently used and rebuilding it when asked again', () => {
    const cache = adapterCache<{ built: number }>(2);
    let builds = 0;
    const get = (platformId: string) => cache.get('providerA', platformId, () => ({ built: ++builds }));
    const first = get('p1');
    get('p2');
    expect(get('p1')).toBe(first); // p1 is now the most recent
    get('p3'); // evicts p2
    expect(cache.size).toBe(2);
    expect(get('p1')).toBe(first);
    expect(get('p2').built).toBe(4);
  });
});
