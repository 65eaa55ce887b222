import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDS_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useDeposits } from '../api/get-deposits.ts';

/** The member's deposits with their status (pending until an operator or the gateway decides). */
export function DepositList() {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const [pageNo, setPageNo] = useState(1);
  const list = useDeposits(token, { pageNo: String(pageNo), pageSize: String(RECORDS_DEFAULT_PAGE_SIZE) });
  const data = list.data;
  return (
    <section className="cashier-section" aria-labelledby="deposits-title">
      <h2 id="deposits-title" className="cashier-title">
        {t('cashier.deposit.listTitle')}
      </h2>
      <LoadState pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {data && data.list.length === 0 ? (
          <EmptyState title={t('cashier.deposit.listEmpty')} />
        ) : data ? (
          <>
            <ul className="money-list" aria-label={t('cashier.deposit.listTitle')}>
              {data.list.map((d) => (
                <li key={d.id} className="money-item" data-testid="deposit-item">
                  <div className="money-item__main">
                    <strong>
                      {formatAmount(d.amount)} {d.currency}
                    </strong>
                    <span className="money-status" data-status={d.status}>
                      {t(`cashier.status.${d.status}`)}
                    </span>
                  </div>
                  <div className="money-item__meta">
                    <span>{d.channelCode}</span>
                    {d.referenceNumber ? (
                      <span>{t('cashier.deposit.referenceShort', { ref: d.referenceNumber })}</span>
                    ) : null}
                    <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, i18n.language)}</time>
                  </div>
                  {d.reason ? <p className="money-item__reason">{d.reason}</p> : null}
                  {d.paymentUrl && d.status === 'pending' ? (
                    <a href={d.paymentUrl} target="_blank" rel="noopener noreferrer">
                      {t('cashier.deposit.openPayment')}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={setPageNo} />
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
