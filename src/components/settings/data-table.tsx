'use client';

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { useI18n } from '@/i18n/i18n-provider';

/**
 * The settings screens' table: a keyboard-scrollable region named by the section heading (narrow screens
 * scroll it sideways), column headers, and an optional last column of row actions whose header is only
 * announced to screen readers. Rows are the caller's `<tr>`s.
 */
export function DataTable(props: {
  labelledBy: string;
  columns: string[];
  actions?: boolean;
  spaced?: boolean;
  children: ReactNode;
}) {
  const { labelledBy, columns, actions, spaced, children } = props;
  const { t } = useI18n();
  return (
    <div
      className="relative w-0 min-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
    >
      {/* The callers' rows are plain <tr>/<td>: their look is set here, once, for every settings table. */}
      <table
        className={cn(
          'w-full border-collapse bg-card text-sm [&_td]:border-b [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-middle [&_th]:border-b [&_th]:px-3 [&_th]:py-2.5 [&_th]:text-left [&_th]:font-semibold [&_th]:text-muted-foreground',
          spaced && 'mt-4',
        )}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="sr-only">{t('settings.col.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
