import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCsv, type CsvColumn } from './export-csv.ts';
import './agent-ui.css';
import './messages.ts';

export interface TableColumn<T> {
  key: string;
  header: string;
  /** The cell's content (default: the CSV value). */
  render?: (row: T) => ReactNode;
  /** The cell's plain value, used for CSV export and as the default content. */
  value: CsvColumn<T>['value'];
  /** Numbers align to the end. */
  numeric?: boolean;
}

/**
 * A table of one page of rows with its loading, error and empty states, paging and an export to
 * CSV (of every page when `exportAll` is given). Columns shrink to cards under 600 px (each cell labelled by its header).
 */
export function PagedTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  empty,
  pageNo,
  pageSize,
  total,
  onPage,
  csvName,
  toolbar,
  exportAll,
}: {
  caption: string;
  columns: TableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  loading?: boolean;
  error?: { message?: string } | null;
  onRetry?: () => void;
  /** Text shown when there are no rows (default: a generic "nothing to show"). */
  empty?: string;
  pageNo?: number;
  pageSize?: number;
  total?: number;
  onPage?: (page: number) => void;
  /** File name for the CSV export; no export button without it. */
  csvName?: string;
  /** Extra controls shown above the table beside the export button. */
  toolbar?: ReactNode;
  /** Every row of the filtered list (all pages), for the export; without it the shown rows are exported. */
  exportAll?: () => Promise<readonly T[]>;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const pages = pageSize && total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const list = rows ?? [];
  return (
    <section className="agent-table" aria-busy={loading ? true : undefined}>
      <div className="agent-table__toolbar">
        <h3 className="agent-table__caption">{caption}</h3>
        {toolbar}
        {csvName ? (
          <button
            type="button"
            className="button"
            disabled={list.length === 0 || exporting}
            onClick={() => {
              if (!exportAll || pages <= 1) {
                exportCsv(csvName, columns, list);
                return;
              }
              setExporting(true);
              setExportFailed(false);
              exportAll()
                .then((all) => exportCsv(csvName, columns, all))
                .catch(() => setExportFailed(true))
                .finally(() => setExporting(false));
            }}
          >
            {t('agentUi.exportCsv')}
          </button>
        ) : null}
      </div>
      {exportFailed ? (
        <p className="agent-table__state" role="alert">
          {t('agentUi.table.exportFailed')}
        </p>
      ) : null}
      {loading ? (
        <p className="agent-table__state" role="status">
          {t('agentUi.table.loading')}
        </p>
      ) : error ? (
        <div className="agent-table__state" role="alert">
          <p>{error.message || t('agentUi.table.loadFailed')}</p>
          {onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              {t('agentUi.table.retry')}
            </button>
          ) : null}
        </div>
      ) : list.length === 0 ? (
        <p className="agent-table__state" role="status">
          {empty ?? t('agentUi.table.empty')}
        </p>
      ) : (
        <div className="agent-table__scroll">
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.numeric ? 'is-numeric' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <td key={c.key} data-label={c.header} className={c.numeric ? 'is-numeric' : undefined}>
                      {c.render ? c.render(row) : String(c.value(row) ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {onPage && pageNo && pages > 1 ? (
        <nav className="agent-table__pager" aria-label={t('agentUi.table.paging')}>
          <button type="button" className="button" disabled={pageNo <= 1 || loading} onClick={() => onPage(pageNo - 1)}>
            {t('agentUi.table.previous')}
          </button>
          <span aria-live="polite">{t('agentUi.table.pageOf', { page: pageNo, pages })}</span>
          <button
            type="button"
            className="button"
            disabled={pageNo >= pages || loading}
            onClick={() => onPage(pageNo + 1)}
          >
            {t('agentUi.table.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
