'use client';

import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useWideHint } from './viewport-hint';
import { useI18n } from '@/i18n/i18n-provider';
import { Checkbox } from './checkbox';
import { cn } from './cn';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** On a phone card: the cell that heads the card (the record's name), shown without its column label. */
    cardTitle?: boolean;
    /** Not repeated on the phone card (row actions shown elsewhere, a column that only matters side by side). */
    hideOnCard?: boolean;
    className?: string;
  }
}

export type { ColumnDef, RowSelectionState, SortingState };

/**
 * A column's header or cell: its text, or its render function called as a function. (TanStack's flexRender
 * mounts a function as a component; columns defined inline get a new function each render, which would remount
 * every cell, and with it an open confirmation dialog, whenever the screen re-renders.)
 */
function render<C>(renderer: unknown, context: C): ReactNode {
  return typeof renderer === 'function' ? (renderer as (context: C) => ReactNode)(context) : (renderer as ReactNode);
}

const WIDE = '(min-width: 768px)'; // Tailwind's md
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the table fits (md and up). The server renders what the request looks like (ViewportHint: cards for a
 * phone's user agent, else the table); the browser's media query decides once hydrated. Only one of the two is in
 * the page, so every control (a row's role picker, its buttons) exists once.
 */
function useWide() {
  const hint = useWideHint();
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => hint,
  );
}

export type DataTableProps<T> = {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Names the table for screen readers (a visually hidden caption). */
  label: string;
  emptyText: ReactNode;
  /** Row selection with a checkbox column; `rowLabel` names each checkbox ("选择 {name}"). */
  selection?: {
    state: RowSelectionState;
    onChange: OnChangeFn<RowSelectionState>;
    rowLabel: (row: T) => string;
  };
  /** Sorting: by default in the browser; with `manual`, the caller re-fetches in the chosen order (keyset pages). */
  sorting?: { state: SortingState; onChange: OnChangeFn<SortingState>; manual?: boolean };
  className?: string;
};

/**
 * The console's table (TanStack Table): sortable headers with aria-sort, optional row selection, and below the
 * `md` breakpoint every row renders as a card (label: value pairs), so a phone never scrolls sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useI18n();
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const selection = props.selection;
  const columns: ColumnDef<T, unknown>[] = selection
    ? [
        {
          id: '__select',
          header: ({ table }) => (
            <Checkbox
              aria-label={t('ui.selectAll')}
              checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
              onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
            />
          ),
          cell: ({ row }) => (
            <Checkbox
              aria-label={selection.rowLabel(row.original)}
              checked={row.getIsSelected()}
              onCheckedChange={(value) => row.toggleSelected(value === true)}
            />
          ),
          enableSorting: false,
          meta: { className: 'w-10' },
        },
        ...props.columns,
      ]
    : props.columns;

  const table = useReactTable({
    data: props.data,
    columns,
    getRowId: (row) => props.getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: props.sorting?.manual ? undefined : getSortedRowModel(),
    manualSorting: props.sorting?.manual ?? false,
    enableRowSelection: Boolean(selection),
    enableSorting: Boolean(props.sorting) || false,
    state: {
      sorting: props.sorting?.state ?? localSorting,
      ...(selection && { rowSelection: selection.state }),
    },
    onSortingChange: props.sorting?.onChange ?? setLocalSorting,
    onRowSelectionChange: selection?.onChange,
  });

  const wide = useWide();
  const rows = table.getRowModel().rows;
  const headerGroups = table.getHeaderGroups();
  const labelOf = (columnId: string): ReactNode => {
    const header = headerGroups[0]?.headers.find((h) => h.column.id === columnId);
    return header && !header.isPlaceholder ? render(header.column.columnDef.header, header.getContext()) : null;
  };

  return (
    <div data-slot="data-table" className={cn('w-full', props.className)}>
      {wide ? (
        <div tabIndex={0} className="overflow-x-auto rounded-lg border bg-card">
          {/* Words wrap whole inside the table: the page's overflow-wrap:anywhere (right for phones and Chinese text)
              lets auto layout shrink a column to one character, breaking e-mails and messages letter by letter. */}
          <table data-slot="table" className="w-full border-collapse text-sm [overflow-wrap:break-word]">
            <caption className="sr-only">{props.label}</caption>
            <thead>
              {headerGroups.map((group) => (
                <tr key={group.id} data-slot="table-row" className="border-b">
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    const content = header.isPlaceholder
                      ? null
                      : render(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        data-slot="table-head"
                        scope="col"
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        className={cn(
                          'h-10 px-3 text-left align-middle font-semibold whitespace-nowrap text-muted-foreground',
                          header.column.columnDef.meta?.className,
                        )}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            data-slot="sort-button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded-sm px-1 font-semibold hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                          >
                            {content}
                            {sorted === 'asc' ? (
                              <ArrowUpIcon className="size-3.5" aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <ArrowDownIcon className="size-3.5" aria-hidden="true" />
                            ) : (
                              <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden="true" />
                            )}
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td
                    colSpan={columns.length}
                    data-slot="table-cell"
                    className="px-3 py-6 text-center text-muted-foreground"
                  >
                    {props.emptyText}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    data-slot="table-row"
                    data-state={row.getIsSelected() ? 'selected' : undefined}
                    className="border-b transition-colors last:border-0 hover:bg-muted/50 data-[state=selected]:bg-accent"
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        data-slot="table-cell"
                        className={cn('px-3 py-2.5 align-middle', cell.column.columnDef.meta?.className)}
                      >
                        {render(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <ul data-slot="data-table-cards" aria-label={props.label} className="m-0 grid list-none gap-3 p-0">
          {rows.length === 0 ? (
            <li className="rounded-lg border bg-card p-4 text-center text-sm text-muted-foreground">
              {props.emptyText}
            </li>
          ) : (
            rows.map((row) => <RowCard key={row.id} row={row} labelOf={labelOf} />)
          )}
        </ul>
      )}
    </div>
  );
}

function RowCard<T>({ row, labelOf }: { row: Row<T>; labelOf: (columnId: string) => ReactNode }) {
  const cells = row.getVisibleCells();
  const select = cells.find((c) => c.column.id === '__select');
  const title = cells.find((c) => c.column.columnDef.meta?.cardTitle);
  const rest = cells.filter((c) => c !== select && c !== title && !c.column.columnDef.meta?.hideOnCard);
  return (
    <li
      data-slot="data-table-card"
      data-state={row.getIsSelected() ? 'selected' : undefined}
      className="rounded-lg border bg-card p-3 text-sm data-[state=selected]:border-primary data-[state=selected]:bg-accent"
    >
      {(select || title) && (
        <div className="mb-2 flex items-start gap-3 font-medium">
          {select && render(select.column.columnDef.cell, select.getContext())}
          {title && <div className="min-w-0 flex-1">{render(title.column.columnDef.cell, title.getContext())}</div>}
        </div>
      )}
      <dl className="m-0 grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1.5">
        {rest.map((cell) => (
          <div key={cell.id} className="contents">
            <dt className="text-muted-foreground">{labelOf(cell.column.id)}</dt>
            <dd className="m-0 min-w-0">{render(cell.column.columnDef.cell, cell.getContext())}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
