'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { listHref, type ListFilters } from './list-location';
import styles from './list.module.css';

type Option = { value: string; label: string };
export type FilterChoices = { status: Option[]; provider: Option[]; upstreamState: Option[] };
export type FilterTexts = {
  filters: string;
  status: string;
  provider: string;
  upstreamState: string;
  any: string;
  distributor: string;
  distributorPlaceholder: string;
};

const TYPING_PAUSE_MS = 300;
const key = (filters: ListFilters) =>
  JSON.stringify([filters.status, filters.provider, filters.upstreamState, filters.distributor?.trim() || undefined]);

/**
 * Status, provider, upstream state and distributor search. The filters live in the address: a change replaces
 * it (back to the first page) and the server renders the list again. Without JavaScript the form still works
 * as a GET form.
 */
export function ListFiltersForm({
  base,
  value,
  choices,
  texts,
}: {
  base: string;
  value: ListFilters;
  choices: FilterChoices;
  texts: FilterTexts;
}) {
  const router = useRouter();
  const [filters, setFilters] = useState(value);
  const [pending, startTransition] = useTransition();
  const requested = useRef(key(value));
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The address changed from elsewhere (a "waiting on the merchant" shortcut, clear filters, back button).
  useEffect(() => {
    if (key(value) !== requested.current) {
      requested.current = key(value);
      setFilters(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(typing.current), []);

  const go = (next: ListFilters) => {
    requested.current = key(next);
    startTransition(() => router.replace(listHref(base, { filters: next, after: [] }), { scroll: false }));
  };
  const set = (patch: Partial<ListFilters>, pause = 0) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    clearTimeout(typing.current);
    if (pause === 0) go(next);
    else typing.current = setTimeout(() => go(next), pause);
  };
  const select = (name: keyof FilterChoices, id: string) => (
    <div>
      <label htmlFor={id}>{texts[name]}</label>
      <select
        id={id}
        name={name}
        value={filters[name] ?? ''}
        onChange={(e) => set({ [name]: e.target.value || undefined })}
      >
        <option value="">{texts.any}</option>
        {choices[name].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      className={`panel ${styles.filters}`}
      role="search"
      aria-label={texts.filters}
      aria-busy={pending || undefined}
      action={base}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        set({}, 0);
      }}
    >
      {select('status', 'filter-status')}
      {select('provider', 'filter-provider')}
      {select('upstreamState', 'filter-state')}
      <div className={styles.grow}>
        <label htmlFor="distributor-filter">{texts.distributor}</label>
        <input
          id="distributor-filter"
          name="distributor"
          type="search"
          value={filters.distributor ?? ''}
          placeholder={texts.distributorPlaceholder}
          onChange={(e) => set({ distributor: e.target.value }, TYPING_PAUSE_MS)}
        />
      </div>
    </form>
  );
}
