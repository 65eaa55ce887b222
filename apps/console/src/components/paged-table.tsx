import { useState } from 'react';
import { DataTable, type DataTableProps, type Sort } from './data-table.tsx';
import { Pager } from './pager.tsx';
import { Failed, Loading } from './states.tsx';

/** What a paged list call's query gives (TanStack Query's result, narrowed to what is read here). */
interface PagedQuery<Row> {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: { list: readonly Row[]; total: number } | undefined;
  refetch: () => unknown;
}

/** A list paged on the server: its loading and failed states, the table, and the pager under it. */
export function PagedTable<Row>({
  query,
  pageNo,
  pageSize,
  onPage,
  ...table
}: Omit<DataTableProps<Row>, 'rows'> & {
  query: PagedQuery<Row>;
  pageNo: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) {
    return <Failed message={query.error?.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <DataTable {...table} rows={query.data.list} />
      <Pager total={query.data.total} pageNo={pageNo} pageSize={pageSize} onPage={onPage} />
    </>
  );
}

/**
 * A server list's page, filters and sort (issue 16 Quality): a new filter or sort goes back to the
 * first page, whose rows are the ones it changes. `Filters`: the list's filters, none set at first
 * unless `initialFilters` sets some (a queue that opens on its pending requests).
 */
/** `Initial` is `undefined` for a list whose server keeps its own order until a column is chosen. */
export function useListControls<Filters extends object, Initial extends Sort | undefined = Sort>(
  defaultSort: Initial,
  initialFilters = {} as Filters,
) {
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [sort, setSort] = useState<Sort | Initial>(defaultSort);
  return {
    pageNo,
    setPageNo,
    filters,
    sort,
    filter: (next: Partial<Filters>) => {
      setFilters((current) => ({ ...current, ...next }));
      setPageNo(1);
    },
    sortBy: (next: Sort) => {
      setSort(next);
      setPageNo(1);
    },
  };
}
