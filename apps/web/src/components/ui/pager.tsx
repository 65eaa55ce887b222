import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDS_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import { LoadState } from './load-state.tsx';

/** Previous/next paging with "page x of y" (records, §9). */
export function Pager({
  pageNo,
  pageSize,
  total,
  onPage,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="money-pager" aria-label={t('money.paging')}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('common.previous')}
      </button>
      <span aria-live="polite">{t('money.pageOf', { page: pageNo, pages })}</span>
      <button type="button" className="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

/** The page a list shows, as the records query wants it (§9: default page size). */
export function usePaging() {
  const [pageNo, setPageNo] = useState(1);
  return { pageNo, setPageNo, query: { pageNo: String(pageNo), pageSize: String(RECORDS_DEFAULT_PAGE_SIZE) } };
}

export interface RecordsPage<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  total: number;
}

/** What PagedRecords reads of a records query (a TanStack query result fits). */
export interface PagedQuery<P extends RecordsPage<unknown>> {
  isPending: boolean;
  error: { message?: string } | null;
  data?: P;
  refetch: () => unknown;
}

/** A paged records query: loading and error states, `empty` for no rows, else the rows and the Pager. */
export function PagedRecords<P extends RecordsPage<unknown>>({
  records,
  empty,
  onPage,
  children,
}: {
  records: PagedQuery<P>;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (page: P) => ReactNode;
}) {
  const data = records.data;
  return (
    <LoadState pending={records.isPending} error={records.error} onRetry={() => void records.refetch()}>
      {data && data.list.length === 0 ? (
        empty
      ) : data ? (
        <>
          {children(data)}
          <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      ) : null}
    </LoadState>
  );
}
