import { describe, expect, it } from 'vitest';
import { listHref, readListLocation } from '@/components/sub-merchants/list/list-location';

const base = '/platforms/plat_1/sub-merchants';

describe('the list location in the address', () => {
  it('reads known filters and the cursor trail, and writes them back the same way', () => {
    const query = {
      status: 'active',
      provider: 'providerB',
      upstreamState: 'to_be_signed',
      distributor: ' shop-7 ',
      after: 'eyJh.eyJi',
    };
    const location = readListLocation(query);
    expect(location).toEqual({
      filters: { status: 'active', provider: 'providerB', upstreamState: 'to_be_signed', distributor: 'shop-7' },
      after: ['eyJh', 'eyJi'],
    });
    expect(listHref(base, location)).toBe(
      `${base}?status=active&provider=providerB&upstreamState=to_be_signed&distributor=shop-7&after=eyJh.eyJi`,
    );
  });

  it('drops values the list does not know instead of failing the page', () => {
    const location = readListLocation({
      status: 'deleted',
      provider: ['providerA', 'x'],
      upstreamState: 'none',
      after: 'ok.not a cursor.<script>',
    });
    expect(location).toEqual({
      filters: { status: undefined, provider: 'providerA', upstreamState: 'none', distributor: undefined },
      after: ['ok'],
    });
  });

  it('an empty location is the bare list address', () => {
    expect(listHref(base, readListLocation({}))).toBe(base);
    expect(listHref(base, { filters: { distributor: '   ' }, after: [] })).toBe(base);
  });

  it('encodes what the operator typed', () => {
    expect(listHref(base, { filters: { distributor: '门店 & co' }, after: [] })).toBe(
      `${base}?distributor=%E9%97%A8%E5%BA%97+%26+co`,
    );
  });
});
