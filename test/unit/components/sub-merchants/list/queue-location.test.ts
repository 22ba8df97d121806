import { describe, expect, it } from 'vitest';
import {
  exportHref,
  queueInputs,
  queueSearch,
  readQueueLocation,
} from '@/components/sub-merchants/list/queue-location';

describe('the work queue’s address', () => {
  it('round-trips a view and falls back to the defaults for unknown values', () => {
    const location = readQueueLocation({
      tab: 'merchant',
      q: ' 西湖 ',
      mine: '1',
      seller: '1',
      sort: 'name',
      dir: 'desc',
      after: 'a.b',
    });
    expect(location).toEqual({
      tab: 'merchant',
      q: '西湖',
      mine: true,
      seller: true,
      sort: 'name',
      direction: 'desc',
      after: ['a', 'b'],
    });
    // The parameter names and values links and bookmarks already hold (tab, q, mine=1, sort, dir, after=a.b).
    expect(queueSearch(location)).toBe('?tab=merchant&q=西湖&mine=1&seller=1&sort=name&dir=desc&after=a.b');
    expect(readQueueLocation(Object.fromEntries(new URLSearchParams(queueSearch(location))))).toEqual(location);
    expect(readQueueLocation({ tab: 'everything', sort: 'random', dir: 'up' })).toEqual({
      tab: 'action',
      q: '',
      mine: false,
      seller: false,
      sort: 'updated',
      direction: undefined,
      after: [],
    });
    expect(queueSearch(readQueueLocation({}))).toBe('');
  });

  it('builds the page and count inputs, and the export of the view or a selection', () => {
    const location = readQueueLocation({ tab: 'all', q: 'tea', after: 'c1.c2' });
    expect(queueInputs('plat_1', location, 25)).toEqual({
      page: { platformId: 'plat_1', q: 'tea', tab: 'all', sort: 'updated', limit: 25, cursor: 'c2' },
      counts: { platformId: 'plat_1', q: 'tea' },
    });
    expect(exportHref('plat_1', location)).toBe(
      '/admin/payment-onboardings/plat_1/sub-merchants/export?tab=all&q=tea&sort=updated',
    );
    expect(exportHref('plat_1', location, ['sm_1', 'sm_2'])).toBe(
      '/admin/payment-onboardings/plat_1/sub-merchants/export?ids=sm_1%2Csm_2',
    );
    // "Seller submitted": a filter of the page, the counts and the export alike.
    const submitted = readQueueLocation({ seller: '1' });
    expect(queueInputs('plat_1', submitted, 25).counts).toEqual({ platformId: 'plat_1', sellerSubmitted: true });
    expect(queueInputs('plat_1', submitted, 25).page).toMatchObject({ sellerSubmitted: true, tab: 'action' });
    expect(exportHref('plat_1', submitted)).toBe(
      '/admin/payment-onboardings/plat_1/sub-merchants/export?tab=action&seller=1&sort=updated',
    );
  });
});
