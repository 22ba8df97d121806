import { workQueueSorts, workQueueViews, type WorkQueueSort, type WorkQueueView } from '@/domain/work-queue';

/** What the work queue's address holds: tab, search, "assigned to me", sort and the keyset cursors walked so far. */
export type QueueLocation = {
  tab: WorkQueueView;
  q: string;
  mine: boolean;
  sort: WorkQueueSort;
  direction?: 'asc' | 'desc';
  /** Cursors of the pages before this one (the last one opens this page). */
  after: string[];
};

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the address leniently: an unknown tab or sort falls back to the default instead of an error page. */
export function readQueueLocation(params: Record<string, string | string[] | undefined>): QueueLocation {
  const direction = one(params.dir);
  return {
    tab: oneOf(workQueueViews, one(params.tab), 'action'),
    q: (one(params.q) ?? '').trim().slice(0, 128),
    mine: one(params.mine) === '1',
    sort: oneOf(workQueueSorts, one(params.sort), 'updated'),
    direction: direction === 'asc' || direction === 'desc' ? direction : undefined,
    after: (one(params.after) ?? '').split('.').filter(Boolean).slice(0, 50),
  };
}

export function queueSearch(location: QueueLocation): string {
  const params = new URLSearchParams();
  if (location.tab !== 'action') params.set('tab', location.tab);
  if (location.q) params.set('q', location.q);
  if (location.mine) params.set('mine', '1');
  if (location.sort !== 'updated') params.set('sort', location.sort);
  if (location.direction) params.set('dir', location.direction);
  if (location.after.length > 0) params.set('after', location.after.join('.'));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Rows per page. Here, not in the 'use client' screen: a server page importing a constant from a client module
 * gets a client reference instead of the number, and its prefetch was refused (the list then loaded in the browser).
 */
export const QUEUE_PAGE_SIZE = 25;

/** The tRPC inputs of the page's two queries, the same on the server (prefetch) and in the browser. */
export function queueInputs(platformId: string, location: QueueLocation, pageSize: number) {
  const view = {
    platformId,
    ...(location.q && { q: location.q }),
    ...(location.mine && { assignedToMe: true }),
  };
  return {
    page: {
      ...view,
      tab: location.tab,
      sort: location.sort,
      ...(location.direction && { direction: location.direction }),
      limit: pageSize,
      ...(location.after.length > 0 && { cursor: location.after.at(-1) }),
    },
    counts: view,
  };
}

/** The CSV export of this view (every page of it), or of a selection. */
export function exportHref(platformId: string, location: QueueLocation, ids?: string[]) {
  const params = new URLSearchParams();
  if (ids) params.set('ids', ids.join(','));
  else {
    params.set('tab', location.tab);
    if (location.q) params.set('q', location.q);
    if (location.mine) params.set('mine', '1');
    params.set('sort', location.sort);
    if (location.direction) params.set('direction', location.direction);
  }
  return `/admin/payment-onboardings/${encodeURIComponent(platformId)}/sub-merchants/export?${params}`;
}
