import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { AmountField, amountProblemMessage, rangeHint } from '../../../components/ui/amount-field.tsx';
import { MoneyPasswordField } from '../../../components/ui/money-password-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { amountRow, MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { MoneyChoices, MoneyForm } from '../../../components/ui/money-form.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoneyForm } from '../../../lib/use-money-form.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { createWithdrawal } from '../api/create-withdrawal.ts';
import { useWithdrawSettings } from '../api/get-withdraw-settings.ts';
import { maskAccountNumber, PayeeAccounts } from './payee-accounts.tsx';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import './cashier.css';
import '../messages.ts';

type Settings = ValueOf<typeof cashierEndpoints.withdrawSettings>;
type Field = 'amount' | 'payeeAccountId' | 'paymentPassword';
const FIELDS: readonly Field[] = ['amount', 'payeeAccountId', 'paymentPassword'];

/**
 * §2 member centre `withdraw` (issue 5 item 4): the limits, daily count and remaining turnover;
 * the withdrawal form with a confirmation step (the amount is held at once); bound accounts and
 * the payment password; the withdrawals with the §4 receipt actions after payment.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const settings = useWithdrawSettings(token);
  const data = settings.data;
  return (
    <div className="cashier-page">
      <LoadState pending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        {data && data.allowWithdraw === 'N' ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('cashier.withdraw.closedTitle')}
            body={t('cashier.withdraw.closed')}
          />
        ) : data ? (
          <>
            <WithdrawForm settings={data} />
            <PayeeAccounts accounts={data.accounts} payeeName={data.payeeName} maxAccounts={data.maxPayeeAccounts} />
            <PaymentPasswordForm isSet={data.paymentPasswordSet} />
          </>
        ) : null}
      </LoadState>
      <WithdrawalList receiptMinutes={data?.receiptConfirmMinutes} />
    </div>
  );
}

function WithdrawForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState<number | null>(settings.accounts[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const account = settings.accounts.find((a) => a.id === accountId) ?? settings.accounts[0];
  const bounds = { min: settings.minimumAmount, max: settings.maximumAmount };
  const checked = checkAmount(amount, bounds);
  const currency = settings.currency;
  const countLeft = Math.max(0, settings.dailyCount - settings.dailyUsed);
  const turnoverLeft = checkAmount(settings.remainingTurnover).ok;

  const send = useCallback(
    (requestId: string) =>
      createWithdrawal({
        requestId,
        amount: checked.ok ? checked.wire : amount,
        payeeAccountId: account?.id ?? 0,
        paymentPassword: password,
      }),
    [checked, amount, account?.id, password],
  );
  const form = useMoneyForm(FIELDS, send, [
    cashierEndpoints.withdrawalList,
    cashierEndpoints.withdrawSettings,
    walletEndpoints.balance,
  ]);
  const { errors, edit, done } = form;

  const review = () => {
    const found: typeof errors = {};
    if (!checked.ok) found.amount = amountProblemMessage(t, checked.problem, bounds);
    if (!account) found.payeeAccountId = t('cashier.withdraw.needAccount');
    if (!/^\d{6}$/.test(password)) found.paymentPassword = t('cashier.paymentPassword.sixDigits');
    form.review(found);
  };

  const confirm = async () => {
    if (!(await form.confirm())?.ok) return;
    setAmount('');
    setPassword('');
  };

  if (form.step === 'confirm' && account) {
    return (
      <MoneyConfirm
        {...form.confirmStep}
        title={t('cashier.withdraw.confirmTitle')}
        rows={[
          amountRow(t, checked, currency),
          {
            label: t('cashier.withdraw.toAccount'),
            value: `${account.bankName ?? t(`cashier.methods.${account.method}`)} ${maskAccountNumber(account.accountNumber)}`,
          },
          { label: t('cashier.payees.payeeName'), value: account.payeeName },
        ]}
        note={t('cashier.withdraw.confirmNote')}
        confirmLabel={t('cashier.withdraw.submit')}
        onConfirm={() => void confirm()}
      />
    );
  }

  return (
    <MoneyForm
      id="withdraw"
      title={t('cashier.withdraw.title')}
      success={done ? t('cashier.withdraw.submitted', { amount: `${formatAmount(done.amount)} ${currency}` }) : null}
      error={errors.form}
      onReview={review}
      continueDisabled={settings.accounts.length === 0 || !settings.paymentPasswordSet || countLeft === 0}
    >
      <dl className="cashier-facts">
        <div>
          <dt>{t('cashier.withdraw.range')}</dt>
          <dd>
            {formatAmount(settings.minimumAmount)} – {formatAmount(settings.maximumAmount)} {currency}
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.dailyLeft')}</dt>
          <dd>{t('cashier.withdraw.dailyCount', { left: countLeft, total: settings.dailyCount })}</dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.turnover')}</dt>
          <dd>
            {formatAmount(settings.remainingTurnover)} {currency}
          </dd>
        </div>
      </dl>
      {turnoverLeft ? <p className="form-alert form-alert--warning">{t('cashier.withdraw.turnoverNote')}</p> : null}
      {!settings.paymentPasswordSet ? (
        <p className="form-alert form-alert--warning">{t('cashier.withdraw.needPassword')}</p>
      ) : null}
      {settings.accounts.length === 0 ? (
        <p className="form-alert form-alert--warning">{t('cashier.withdraw.needAccount')}</p>
      ) : (
        <MoneyChoices
          legend={t('cashier.withdraw.toAccount')}
          name="payee"
          selected={account?.id}
          onSelect={(id) => edit(() => setAccountId(id))}
          error={errors.payeeAccountId}
          choices={settings.accounts.map((a) => ({
            value: a.id,
            label: a.bankName ?? t(`cashier.methods.${a.method}`),
            detail: <span className="cashier-channel__range">{maskAccountNumber(a.accountNumber)}</span>,
          }))}
        />
      )}
      <AmountField
        id="withdraw-amount"
        label={t('money.amountLabel')}
        value={amount}
        onChange={(v) => edit(() => setAmount(v))}
        error={errors.amount}
        hint={rangeHint(t, bounds, currency)}
      />
      <MoneyPasswordField
        id="withdraw-password"
        label={t('cashier.withdraw.paymentPassword')}
        value={password}
        onChange={(v) => edit(() => setPassword(v))}
        error={errors.paymentPassword}
        required
      />
    </MoneyForm>
  );
}
