import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PagedRecords, type PagedQuery, type RecordsPage } from '../../../components/ui/pager.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import '../messages.ts';

interface CashierRecord {
  id: number | string;
  amount: string;
  currency: string;
  status: string;
  reason?: string | null;
  createdAt: string;
}

/**
 * The member's deposits or withdrawals, newest first: amount and status, what it went through,
 * when, the operator's reason, then what the kind adds (payment link, receipt answer).
 */
export function CashierList<T extends CashierRecord>({
  id,
  title,
  emptyTitle,
  itemTestId,
  records,
  onPage,
  meta,
  extra,
}: {
  id: string;
  title: string;
  emptyTitle: string;
  itemTestId: string;
  records: PagedQuery<RecordsPage<T>>;
  onPage: (page: number) => void;
  meta: (record: T) => ReactNode;
  extra: (record: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="cashier-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cashier-title">
        {title}
      </h2>
      <PagedRecords records={records} onPage={onPage} empty={<EmptyState title={emptyTitle} />}>
        {(data) => (
          <ul className="money-list" aria-label={title}>
            {data.list.map((record) => (
              <li key={record.id} className="money-item" data-testid={itemTestId}>
                <div className="money-item__main">
                  <strong>
                    {formatAmount(record.amount)} {record.currency}
                  </strong>
                  <span className="money-status" data-status={record.status}>
                    {t(`cashier.status.${record.status}`)}
                  </span>
                </div>
                <div className="money-item__meta">
                  {meta(record)}
                  <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, i18n.language)}</time>
                </div>
                {record.reason ? <p className="money-item__reason">{record.reason}</p> : null}
                {extra(record)}
              </li>
            ))}
          </ul>
        )}
      </PagedRecords>
    </section>
  );
}
