'use client';

import type { ReactNode } from 'react';
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
      <table style={spaced ? { marginTop: '1rem' } : undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
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
