import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, type ValueOf } from '@khela/contracts';
import { usePaging } from '../../../components/ui/pager.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { confirmReceipt } from '../api/confirm-receipt.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { CashierList } from './cashier-list.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { maskAccountNumber } from './payee-accounts.tsx';
import '../messages.ts';

type Withdrawal = ValueOf<typeof cashierEndpoints.withdrawalList>['list'][number];

/** The member's withdrawals with status, and the §4 receipt answer once a withdrawal is paid. */
export function WithdrawalList({ receiptMinutes }: { receiptMinutes?: number }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useWithdrawals(useSessionToken(), paging.query);
  return (
    <CashierList
      id="withdrawals"
      title={t('cashier.withdraw.listTitle')}
      emptyTitle={t('cashier.withdraw.listEmpty')}
      itemTestId="withdrawal-item"
      records={list}
      onPage={paging.setPageNo}
      meta={(w) => (
        <span>
          {w.payeeAccount.bankName ?? t(`cashier.methods.${w.payeeAccount.method}`)}{' '}
          {maskAccountNumber(w.payeeAccount.accountNumber)}
        </span>
      )}
      extra={(w) => (
        <>
          {w.receipt ? <p className="money-item__meta">{t(`cashier.receipt.states.${w.receipt}`)}</p> : null}
          {w.status === 'paid' && !w.receipt ? <ReceiptActions withdrawal={w} minutes={receiptMinutes} /> : null}
        </>
      )}
    />
  );
}

function ReceiptActions({ withdrawal, minutes }: { withdrawal: Withdrawal; minutes?: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notReceived, setNotReceived] = useState(false);
  const [proof, setProof] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const answer = async (outcome: 'received' | 'not_received' | 'full_payment') => {
    if (pending) return;
    if (outcome === 'not_received' && proof.length === 0) {
      setError(t('cashier.receipt.proofRequired'));
      return;
    }
    setError('');
    setPending(true);
    try {
      await confirmReceipt(withdrawal.id, {
        outcome,
        ...(outcome === 'not_received' ? { proofUploadIds: proof } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: [cashierEndpoints.withdrawalList.name] });
    } catch (failure) {
      setError((failure as Error).message || t('common.networkError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="cashier-receipt" role="group" aria-label={t('cashier.receipt.title')}>
      <p>
        {t('cashier.receipt.ask')}
        {withdrawal.confirmDeadline
          ? ` ${t('cashier.receipt.deadline', { date: formatDateTime(withdrawal.confirmDeadline, i18n.language) })}`
          : minutes
            ? ` ${t('cashier.receipt.minutes', { minutes })}`
            : ''}
      </p>
      {notReceived ? (
        <>
          <ImageUploader label={t('cashier.receipt.proof')} required onChange={setProof} />
          <div className="money-actions">
            <button type="button" className="button" onClick={() => setNotReceived(false)} disabled={pending}>
              {t('money.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void answer('not_received')}
              disabled={pending}
            >
              {t('cashier.receipt.sendNotReceived')}
            </button>
          </div>
        </>
      ) : (
        <div className="money-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void answer('received')}
            disabled={pending}
          >
            {t('cashier.receipt.received')}
          </button>
          <button type="button" className="button" onClick={() => setNotReceived(true)} disabled={pending}>
            {t('cashier.receipt.notReceived')}
          </button>
          <button type="button" className="button" onClick={() => void answer('full_payment')} disabled={pending}>
            {t('cashier.receipt.fullPayment')}
          </button>
        </div>
      )}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
