import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { AmountField, amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { useMoneySubmit } from '../../../lib/use-money-submit.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { createWithdrawal } from '../api/create-withdrawal.ts';
import { useWithdrawSettings } from '../api/get-withdraw-settings.ts';
import { maskAccountNumber, PayeeAccounts } from './payee-accounts.tsx';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import './cashier.css';

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
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState<number | null>(settings.accounts[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [done, setDone] = useState('');
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
  const { submit, pending, reset } = useMoneySubmit(send);
  const edit = (apply: () => void) => {
    apply();
    reset();
    setDone('');
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!checked.ok) found.amount = amountProblemMessage(t, checked.problem, bounds);
    if (!account) found.payeeAccountId = t('cashier.withdraw.needAccount');
    if (!/^\d{6}$/.test(password)) found.paymentPassword = t('cashier.paymentPassword.sixDigits');
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };

  const confirm = async () => {
    const result = await submit();
    if (!result) return;
    if (result.ok) {
      setDone(t('cashier.withdraw.submitted', { amount: `${formatAmount(result.value.amount)} ${currency}` }));
      setStep('edit');
      setAmount('');
      setPassword('');
      setErrors({});
      for (const def of [cashierEndpoints.withdrawalList, cashierEndpoints.withdrawSettings, walletEndpoints.balance])
        void queryClient.invalidateQueries({ queryKey: [def.name] });
      return;
    }
    const found = serverFieldErrors(result.error, FIELDS, t('common.networkError'));
    setErrors(found);
    if (FIELDS.some((f) => found[f])) setStep('edit');
  };

  if (step === 'confirm' && account) {
    return (
      <MoneyConfirm
        title={t('cashier.withdraw.confirmTitle')}
        rows={[
          { label: t('money.amountLabel'), value: `${formatAmount(checked.ok ? checked.minor : 0n)} ${currency}` },
          {
            label: t('cashier.withdraw.toAccount'),
            value: `${account.bankName ?? t(`cashier.methods.${account.method}`)} ${maskAccountNumber(account.accountNumber)}`,
          },
          { label: t('cashier.payees.payeeName'), value: account.payeeName },
        ]}
        note={t('cashier.withdraw.confirmNote')}
        pending={pending}
        error={errors.form}
        confirmLabel={t('cashier.withdraw.submit')}
        onBack={() => setStep('edit')}
        onConfirm={() => void confirm()}
      />
    );
  }

  return (
    <form className="form cashier-form" onSubmit={review} noValidate aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="cashier-title">
        {t('cashier.withdraw.title')}
      </h2>
      {done ? (
        <p className="form-alert cashier-success" role="status">
          {done}
        </p>
      ) : null}
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
        <fieldset className="cashier-channels">
          <legend className="field__label">{t('cashier.withdraw.toAccount')}</legend>
          {settings.accounts.map((a) => (
            <label key={a.id} className="cashier-channel" data-selected={a.id === account?.id}>
              <input
                type="radio"
                name="payee"
                checked={a.id === account?.id}
                onChange={() => edit(() => setAccountId(a.id))}
              />
              <span className="cashier-channel__name">{a.bankName ?? t(`cashier.methods.${a.method}`)}</span>
              <span className="cashier-channel__range">{maskAccountNumber(a.accountNumber)}</span>
            </label>
          ))}
          {errors.payeeAccountId ? <p className="field__error">{errors.payeeAccountId}</p> : null}
        </fieldset>
      )}
      <AmountField
        id="withdraw-amount"
        label={t('money.amountLabel')}
        value={amount}
        onChange={(v) => edit(() => setAmount(v))}
        error={errors.amount}
        hint={t('money.range', {
          min: formatAmount(settings.minimumAmount),
          max: formatAmount(settings.maximumAmount),
          currency,
        })}
      />
      <TextField
        id="withdraw-password"
        label={t('cashier.withdraw.paymentPassword')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={password}
        onChange={(v) => edit(() => setPassword(v))}
        error={errors.paymentPassword}
        required
      />
      {errors.form ? (
        <p className="form-alert form-alert--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={settings.accounts.length === 0 || !settings.paymentPasswordSet || countLeft === 0}
      >
        {t('money.next')}
      </button>
    </form>
  );
}
