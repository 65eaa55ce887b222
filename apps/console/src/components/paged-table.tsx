import { DataTable, type DataTableProps } from './data-table.tsx';
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
