import { createLoader, createParser, createSerializer, parseAsStringLiteral } from 'nuqs/server';
import { workQueueSorts, workQueueViews, type WorkQueueSort, type WorkQueueView } from '@/domain/work-queue';

/**
 * What the work queue's address holds: tab, search, "assigned to me", "seller submitted", sort and the keyset cursors
 * walked so far.
 */
export type QueueLocation = {
  tab: WorkQueueView;
  q: string;
  mine: boolean;
  seller: boolean;
  sort: WorkQueueSort;
  direction?: 'asc' | 'desc';
  /** Cursors of the pages before this one (the last one opens this page). */
  after: string[];
};

/**
 * The address's parameters, typed (nuqs): the same names and values the queue has always used, so shared links and
 * bookmarks keep working. Lenient: an unknown tab or sort falls back to the default instead of an error page, and a
 * parameter at its default is left out of the address.
 */
export const queueParsers = {
  tab: parseAsStringLiteral(workQueueViews).withDefault('action'),
  q: createParser({ parse: (value) => value.trim().slice(0, 128), serialize: (value: string) => value }).withDefault(
    '',
  ),
  mine: createParser({ parse: (value) => value === '1', serialize: () => '1' }).withDefault(false),
  seller: createParser({ parse: (value) => value === '1', serialize: () => '1' }).withDefault(false),
  sort: parseAsStringLiteral(workQueueSorts).withDefault('updated'),
  direction: parseAsStringLiteral(['asc', 'desc'] as const),
  // Cursors are opaque ids without dots; at most 50 pages are walked.
  after: createParser({
    parse: (value) => value.split('.').filter(Boolean).slice(0, 50),
    serialize: (value: string[]) => value.join('.'),
    eq: (a, b) => a.length === b.length && a.every((cursor, i) => cursor === b[i]),
  }).withDefault([]),
};
/** `direction` is `dir` in the address. */
export const queueUrlKeys = { direction: 'dir' } as const;

const loadQueueLocation = createLoader(queueParsers, { urlKeys: queueUrlKeys });
const serializeQueueLocation = createSerializer(queueParsers, { urlKeys: queueUrlKeys });

/** Reads the address (a page's searchParams) the way the screen's useQueryStates reads it. */
export function readQueueLocation(params: Record<string, string | string[] | undefined>): QueueLocation {
  const { direction, ...rest } = loadQueueLocation(params);
  return { ...rest, direction: direction ?? undefined };
}

export function queueSearch(location: QueueLocation): string {
  return serializeQueueLocation({ ...location, direction: location.direction ?? null });
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
    ...(location.seller && { sellerSubmitted: true }),
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
    if (location.seller) params.set('seller', '1');
    params.set('sort', location.sort);
    if (location.direction) params.set('direction', location.direction);
  }
  return `/admin/payment-onboardings/${encodeURIComponent(platformId)}/sub-merchants/export?${params}`;
}
