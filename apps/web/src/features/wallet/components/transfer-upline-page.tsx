import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletEndpoints } from '@khela/contracts';
import { AmountField, amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { amountRow, MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { MoneyChoices, MoneyForm } from '../../../components/ui/money-form.tsx';
import { MoneyPasswordField } from '../../../components/ui/money-password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoneyForm } from '../../../lib/use-money-form.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useBalance } from '../api/get-balance.ts';
import { usePaymentPasswordSet } from '../api/get-payment-password-state.ts';
import { transferUpline } from '../api/transfer-upline.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import '../messages.ts';

type Field = 'username' | 'amount' | 'paymentPassword';
const FIELDS: readonly Field[] = ['username', 'amount', 'paymentPassword'];

/**
 * §2 member centre `transferUpline` (issue 5 item 6): from the main wallet to the direct upline,
 * or, for agents, to one of their own downlines by username; confirmed before it is sent.
 */
export default function TransferUplinePage({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const balance = useBalance(token);
  // Issue 10 item 7: money leaves only with a payment password; without one the page says where to set it.
  const passwordSet = usePaymentPasswordSet(token);
  const [direction, setDirection] = useState<'upline' | 'downline'>('upline');
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const main = balance.data?.balance.find((b) => b.accountTypeId === 0)?.availBalance ?? null;
  const currency = balance.data?.currency ?? '';
  const checked = checkAmount(amount, { balance: main });

  const send = useCallback(
    (requestId: string) =>
      transferUpline({
        direction,
        ...(direction === 'downline' ? { username: username.trim() } : {}),
        amount: checked.ok ? checked.wire : amount,
        requestId,
        ...(password ? { paymentPassword: password } : {}),
      }),
    [direction, username, checked, amount, password],
  );
  const form = useMoneyForm(FIELDS, send, [walletEndpoints.balance, walletEndpoints.transactionHistory]);
  const { errors, edit, done } = form;

  const review = () => {
    const found: typeof errors = {};
    if (direction === 'downline' && !username.trim()) found.username = t('wallet.transfer.usernameRequired');
    if (!checked.ok) found.amount = amountProblemMessage(t, checked.problem, { balance: main });
    if (passwordSet === false) found.form = t('wallet.transfer.needPassword');
    else if (!password) found.paymentPassword = t('wallet.transfer.paymentPasswordRequired');
    form.review(found);
  };

  const confirm = async () => {
    if (!(await form.confirm())?.ok) return;
    setAmount('');
    setPassword('');
  };

  return (
    <div className="cashier-page">
      <LoadState pending={balance.isPending} error={balance.error} onRetry={() => void balance.refetch()}>
        {form.step === 'confirm' ? (
          <MoneyConfirm
            {...form.confirmStep}
            title={t('wallet.transfer.confirmTitle')}
            rows={[
              {
                label: t('wallet.transfer.to'),
                value: direction === 'upline' ? t('wallet.transfer.upline') : username.trim(),
              },
              amountRow(t, checked, currency),
            ]}
            note={t('wallet.transfer.confirmNote')}
            onConfirm={() => void confirm()}
          />
        ) : (
          <MoneyForm
            id="transfer"
            title={t('wallet.transfer.title')}
            success={
              done
                ? t('wallet.transfer.done', {
                    amount: `${formatAmount(done.amount)} ${currency}`,
                    to: done.counterparty,
                  })
                : null
            }
            error={errors.form}
            onReview={review}
          >
            <p className="cashier-note">
              {t('wallet.transfer.available', { amount: `${main ? formatAmount(main) : '0.00'} ${currency}` })}
            </p>
            {isAgent ? (
              <MoneyChoices
                legend={t('wallet.transfer.to')}
                name="direction"
                selected={direction}
                onSelect={(d) => edit(() => setDirection(d))}
                choices={(['upline', 'downline'] as const).map((d) => ({ value: d, label: t(`wallet.transfer.${d}`) }))}
              />
            ) : null}
            {direction === 'downline' ? (
              <TextField
                id="transfer-username"
                label={t('wallet.transfer.username')}
                value={username}
                onChange={(v) => edit(() => setUsername(v))}
                error={errors.username}
                autoComplete="off"
                maxLength={64}
                required
              />
            ) : null}
            <AmountField
              id="transfer-amount"
              label={t('money.amountLabel')}
              value={amount}
              onChange={(v) => edit(() => setAmount(v))}
              error={errors.amount}
            />
            {passwordSet === false ? (
              <p className="form-alert form-alert--warning">{t('wallet.transfer.needPassword')}</p>
            ) : (
              <MoneyPasswordField
                id="transfer-password"
                label={t('wallet.transfer.paymentPassword')}
                hint={t('wallet.transfer.paymentPasswordHint')}
                value={password}
                onChange={(v) => edit(() => setPassword(v))}
                error={errors.paymentPassword}
              />
            )}
          </MoneyForm>
        )}
      </LoadState>
    </div>
  );
}
