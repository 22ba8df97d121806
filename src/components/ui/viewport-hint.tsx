'use client';

import { createContext, useContext, type ReactNode } from 'react';

const WideHint = createContext(true);

/**
 * The server's guess of the viewport, from the request (a phone's user agent or `Sec-CH-UA-Mobile: ?1`), so that
 * layouts that differ by width (DataTable: a table, or cards on a phone) render the right one in the first HTML
 * instead of swapping after hydration, which made a phone's largest paint wait for the JavaScript. The browser's
 * own media query takes over once hydrated.
 */
export function ViewportHint({ wide, children }: { wide: boolean; children: ReactNode }) {
  return <WideHint.Provider value={wide}>{children}</WideHint.Provider>;
}

export const useWideHint = () => useContext(WideHint);
