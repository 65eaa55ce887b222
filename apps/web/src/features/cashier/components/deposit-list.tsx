import { useTranslation } from 'react-i18next';
import { usePaging } from '../../../components/ui/pager.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useDeposits } from '../api/get-deposits.ts';
import { CashierList } from './cashier-list.tsx';
import '../messages.ts';

/** The member's deposits with their status (pending until an operator or the gateway decides). */
export function DepositList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useDeposits(useSessionToken(), paging.query);
  return (
    <CashierList
      id="deposits"
      title={t('cashier.deposit.listTitle')}
      emptyTitle={t('cashier.deposit.listEmpty')}
      itemTestId="deposit-item"
      records={list}
      onPage={paging.setPageNo}
      meta={(d) => (
        <>
          <span>{d.channelCode}</span>
          {d.referenceNumber ? <span>{t('cashier.deposit.referenceShort', { ref: d.referenceNumber })}</span> : null}
        </>
      )}
      extra={(d) =>
        d.paymentUrl && d.status === 'pending' ? (
          <a href={d.paymentUrl} target="_blank" rel="noopener noreferrer">
            {t('cashier.deposit.openPayment')}
          </a>
        ) : null
      }
    />
  );
}
