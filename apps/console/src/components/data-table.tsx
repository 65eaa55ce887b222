import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Shown from tablet width up (the `.wide` rule in styles.css). */
  wide?: boolean;
  /** The server's sort key, when the list can be sorted by this column. */
  sortKey?: string;
}

export interface Sort {
  key: string;
  order: 'asc' | 'desc';
}

/**
 * The console's one table: a caption for screen readers, column headers that sort on the server
 * (aria-sort tells which), a row per item and the empty state. Paging is the caller's (Pager).
 */
export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId?: (row: Row) => string;
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  empty?: string;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  sort,
  onSort,
  empty,
}: DataTableProps<Row>) {
  const { t } = useI18n();
  if (rows.length === 0) return <p className="empty">{empty ?? t('table.empty')}</p>;
  return (
    // Wider than a phone it scrolls in its box: focusable, so a keyboard can scroll it too.
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="queue">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <SortableHeader
                key={column.id}
                sortKey={column.sortKey}
                sort={sort}
                onSort={onSort}
                className={column.wide ? 'wide' : undefined}
              >
                {column.header}
              </SortableHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <td key={column.id} className={column.wide ? 'wide' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A column header that sorts its list on the server when it has a `sortKey` (aria-sort tells
 * which way); the first choice is descending, the next flips it. DataTable's, and hand-made tables'.
 */
export function SortableHeader({
  sortKey,
  sort,
  onSort,
  className,
  children,
}: {
  sortKey?: string | undefined;
  sort?: Sort | undefined;
  onSort?: ((sort: Sort) => void) | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const sorted = sort && sortKey === sort.key ? sort.order : undefined;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      {sortKey && onSort ? (
        <button
          type="button"
          className="link sort"
          onClick={() => onSort({ key: sortKey, order: sorted === 'desc' ? 'asc' : 'desc' })}
        >
          {children}
          <span aria-hidden="true">{sorted === 'asc' ? ' ↑' : sorted === 'desc' ? ' ↓' : ''}</span>
        </button>
      ) : (
        children
      )}
    </th>
  );
}
