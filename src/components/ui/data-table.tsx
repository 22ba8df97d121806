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
import { Fragment, useState, useSyncExternalStore, type ReactNode } from 'react';
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
    /** The cell names its row (`<th scope="row">`), so a screen reader announces it with every other cell. */
    rowHeader?: boolean;
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
  /** The id of the section heading that names the table's scroll region (a keyboard-focusable landmark). */
  labelledBy?: string;
  /** A test id on each row (table row and phone card alike). */
  rowTestId?: (row: T) => string;
  /** Content shown under a row across the full width (an inline form the row opened), or nothing. */
  expanded?: (row: T) => ReactNode;
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
        <div
          tabIndex={0}
          {...(props.labelledBy && { role: 'region', 'aria-labelledby': props.labelledBy })}
          className="overflow-x-auto rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-ring"
        >
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
                rows.map((row) => {
                  const below = props.expanded?.(row.original);
                  return (
                    <Fragment key={row.id}>
                      <tr
                        data-slot="table-row"
                        data-testid={props.rowTestId?.(row.original)}
                        data-state={row.getIsSelected() ? 'selected' : undefined}
                        className="border-b transition-colors last:border-0 hover:bg-muted/50 data-[state=selected]:bg-accent"
                      >
                        {row.getVisibleCells().map((cell) => {
                          const Cell = cell.column.columnDef.meta?.rowHeader ? 'th' : 'td';
                          return (
                            <Cell
                              key={cell.id}
                              data-slot="table-cell"
                              {...(Cell === 'th' && { scope: 'row' })}
                              className={cn(
                                'px-3 py-2.5 text-left align-middle',
                                Cell === 'th' && 'font-semibold',
                                cell.column.columnDef.meta?.className,
                              )}
                            >
                              {render(cell.column.columnDef.cell, cell.getContext())}
                            </Cell>
                          );
                        })}
                      </tr>
                      {below && (
                        <tr data-slot="table-row" className="border-b last:border-0">
                          <td colSpan={columns.length} data-slot="table-cell" className="px-3 py-2.5">
                            {below}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <ul
          data-slot="data-table-cards"
          {...(props.labelledBy ? { 'aria-labelledby': props.labelledBy } : { 'aria-label': props.label })}
          className="m-0 grid list-none gap-3 p-0"
        >
          {rows.length === 0 ? (
            <li className="rounded-lg border bg-card p-4 text-center text-sm text-muted-foreground">
              {props.emptyText}
            </li>
          ) : (
            rows.map((row) => (
              <RowCard
                key={row.id}
                row={row}
                labelOf={labelOf}
                testId={props.rowTestId?.(row.original)}
                below={props.expanded?.(row.original)}
              />
            ))
          )}
        </ul>
      )}
    </div>
  );
}

function RowCard<T>(props: {
  row: Row<T>;
  labelOf: (columnId: string) => ReactNode;
  testId?: string;
  below?: ReactNode;
}) {
  const { row, labelOf } = props;
  const cells = row.getVisibleCells();
  const select = cells.find((c) => c.column.id === '__select');
  const title = cells.find((c) => c.column.columnDef.meta?.cardTitle);
  const rest = cells.filter((c) => c !== select && c !== title && !c.column.columnDef.meta?.hideOnCard);
  return (
    <li
      data-slot="data-table-card"
      data-testid={props.testId}
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
      {props.below && <div className="mt-3">{props.below}</div>}
    </li>
  );
}
