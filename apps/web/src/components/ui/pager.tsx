import { useTranslation } from 'react-i18next';

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
