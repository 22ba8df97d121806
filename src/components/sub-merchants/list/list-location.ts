import { providers } from '@/domain/providers';
import { subMerchantStatuses, upstreamStateFilters } from '@/domain/sub-merchant-states';

export type ListFilters = {
  status?: (typeof subMerchantStatuses)[number];
  provider?: (typeof providers)[number];
  upstreamState?: (typeof upstreamStateFilters)[number];
  distributor?: string;
};

/**
 * Where the operator is in the list, all of it in the address (so a filtered page can be bookmarked, shared
 * and reloaded): the filters, and `after` = the cursors that led to this page (the last one fetches it;
 * dropping it is "previous").
 */
export type ListLocation = { filters: ListFilters; after: string[] };

type Query = Record<string, string | string[] | undefined>;

const MAX_TRAIL = 100;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const pick = <T extends string>(allowed: readonly T[], value: string | undefined): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** Reads the address; values the list does not know are dropped rather than failing the page. */
export function readListLocation(query: Query): ListLocation {
  const distributor = one(query.distributor)?.trim().slice(0, 128);
  const filters: ListFilters = {
    status: pick(subMerchantStatuses, one(query.status)),
    provider: pick(providers, one(query.provider)),
    upstreamState: pick(upstreamStateFilters, one(query.upstreamState)),
    distributor: distributor || undefined,
  };
  const after = (one(query.after) ?? '')
    .split('.')
    .filter((c) => CURSOR.test(c))
    .slice(0, MAX_TRAIL);
  return { filters, after };
}

/** The address of a list location (only what is set, in a stable order). */
export function listHref(base: string, { filters, after }: ListLocation): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'provider', 'upstreamState', 'distributor'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (after.length > 0) params.set('after', after.join('.'));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export const hasFilters = (filters: ListFilters) => Object.values(filters).some((v) => v !== undefined && v !== '');
