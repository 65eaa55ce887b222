import { useI18n } from '../i18n.tsx';
import { formatCount } from '../format.ts';
import { pageCount } from '../members-logic.ts';

/** Previous / next over a server-paged list; hidden when everything fits on one page. */
export function Pager({
  total,
  pageNo,
  pageSize,
  onPage,
}: {
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t, language } = useI18n();
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pager" aria-label={t('table.pages')}>
      <button type="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('table.previous')}
      </button>
      <span>
        {t('table.pageOf', {
          page: formatCount(pageNo, language),
          pages: formatCount(pages, language),
          total: formatCount(total, language),
        })}
      </span>
      <button type="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('table.next')}
      </button>
    </nav>
  );
}
