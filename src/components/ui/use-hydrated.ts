import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Controls that act on
 * change (a form, a row's role picker) stay disabled until then: a choice made in the server's HTML before React
 * takes over would otherwise be lost without a word.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
