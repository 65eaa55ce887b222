import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useClaimList } from '../api/promotions.ts';
import { unitsText } from './promotion-item.tsx';
import '../messages.ts';
import './promotions.css';

const PAGE_SIZE = 20;

/** Member centre `activityCenter` (§2 Activity Center): every participation with its §4 status (MCS2_getPromotionClaimList). */
export default function ActivityCenterPage() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const records = useClaimList(useSessionToken(), pageNo);
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="promo-centre">
      <p className="promo-centre__intro">{t('promo.activity.intro')}</p>
      <LoadState pending={records.isPending} error={records.error} onRetry={() => void records.refetch()}>
        {records.data && records.data.total === 0 ? (
          <EmptyState headingLevel={2} title={t('promo.activity.emptyTitle')} body={t('promo.activity.emptyBody')} />
        ) : (
          <div className="promo-table-wrap">
            <table className="promo-table">
              <thead>
                <tr>
                  <th scope="col">{t('promo.activity.promotion')}</th>
                  <th scope="col">{t('promo.activity.period')}</th>
                  <th scope="col">{t('promo.activity.status')}</th>
                  <th scope="col">{t('promo.activity.amount')}</th>
                  <th scope="col">{t('promo.activity.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {records.data?.list.map((row) => (
                  <tr key={row.id}>
                    <td>{row.title}</td>
                    <td>{row.period === 'once' ? t('promo.activity.once') : row.period.replace(/^W/, '')}</td>
                    <td>
                      <span className={`promo-status promo-status--${row.status}`}>
                        {t(`promo.statuses.${row.status}`)}
                      </span>
                      {row.reason ? <span className="promo-table__reason"> {row.reason}</span> : null}
                    </td>
                    <td>
                      {row.amount
                        ? formatAmount(row.amount)
                        : row.units
                          ? unitsText(row.rewardKind, row.units, t)
                          : '–'}
                    </td>
                    <td>{formatDateTime(row.updatedAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="promo-pager" aria-label={t('promo.activity.page', { page: pageNo, pages })}>
            <button type="button" className="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
              {t('promo.activity.previous')}
            </button>
            <span>{t('promo.activity.page', { page: pageNo, pages })}</span>
            <button type="button" className="button" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
              {t('promo.activity.next')}
            </button>
          </nav>
        ) : null}
      </LoadState>
    </div>
  );
}
