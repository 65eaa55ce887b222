import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletEndpoints } from '@khela/contracts';
import { AmountField, amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { useMoneySubmit } from '../../../lib/use-money-submit.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useBalance } from '../api/get-balance.ts';
import { usePaymentPasswordSet } from '../api/get-payment-password-state.ts';
import { transferUpline } from '../api/transfer-upline.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';

type Field = 'username' | 'amount' | 'paymentPassword';
const FIELDS: readonly Field[] = ['username', 'amount', 'paymentPassword'];

/**
 * §2 member centre `transferUpline` (issue 5 item 6): from the main wallet to the direct upline,
 * or, for agents, to one of their own downlines by username; confirmed before it is sent.
 */
export default function TransferUplinePage({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const balance = useBalance(token);
  // Unknown (settings not loaded or withdrawals switched off): the field stays, optional.
  const passwordSet = usePaymentPasswordSet(token);
  const [direction, setDirection] = useState<'upline' | 'downline'>('upline');
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [done, setDone] = useState('');
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
        ...(password && passwordSet !== false ? { paymentPassword: password } : {}),
      }),
    [direction, username, checked, amount, password, passwordSet],
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
    if (direction === 'downline' && !username.trim()) found.username = t('wallet.transfer.usernameRequired');
    if (!checked.ok) found.amount = amountProblemMessage(t, checked.problem, { balance: main });
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };

  const confirm = async () => {
    const result = await submit();
    if (!result) return;
    if (result.ok) {
      setDone(
        t('wallet.transfer.done', {
          amount: `${formatAmount(result.value.amount)} ${currency}`,
          to: result.value.counterparty,
        }),
      );
      setStep('edit');
      setAmount('');
      setPassword('');
      for (const name of [walletEndpoints.balance.name, walletEndpoints.transactionHistory.name])
        void queryClient.invalidateQueries({ queryKey: [name] });
      return;
    }
    const found = serverFieldErrors(result.error, FIELDS, t('common.networkError'));
    setErrors(found);
    if (FIELDS.some((f) => found[f])) setStep('edit');
  };

  return (
    <div className="cashier-page">
      <LoadState pending={balance.isPending} error={balance.error} onRetry={() => void balance.refetch()}>
        {step === 'confirm' ? (
          <MoneyConfirm
            title={t('wallet.transfer.confirmTitle')}
            rows={[
              {
                label: t('wallet.transfer.to'),
                value: direction === 'upline' ? t('wallet.transfer.upline') : username.trim(),
              },
              { label: t('money.amountLabel'), value: `${formatAmount(checked.ok ? checked.minor : 0n)} ${currency}` },
            ]}
            note={t('wallet.transfer.confirmNote')}
            pending={pending}
            error={errors.form}
            onBack={() => setStep('edit')}
            onConfirm={() => void confirm()}
          />
        ) : (
          <form className="form cashier-form" onSubmit={review} noValidate aria-labelledby="transfer-title">
            <h2 id="transfer-title" className="cashier-title">
              {t('wallet.transfer.title')}
            </h2>
            {done ? (
              <p className="form-alert cashier-success" role="status">
                {done}
              </p>
            ) : null}
            <p className="cashier-note">
              {t('wallet.transfer.available', { amount: `${main ? formatAmount(main) : '0.00'} ${currency}` })}
            </p>
            {isAgent ? (
              <fieldset className="cashier-channels">
                <legend className="field__label">{t('wallet.transfer.to')}</legend>
                {(['upline', 'downline'] as const).map((d) => (
                  <label key={d} className="cashier-channel" data-selected={direction === d}>
                    <input
                      type="radio"
                      name="direction"
                      checked={direction === d}
                      onChange={() => edit(() => setDirection(d))}
                    />
                    <span className="cashier-channel__name">{t(`wallet.transfer.${d}`)}</span>
                  </label>
                ))}
              </fieldset>
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
            {passwordSet === false ? null : (
              <TextField
                id="transfer-password"
                label={t('wallet.transfer.paymentPassword')}
                hint={t('wallet.transfer.paymentPasswordHint')}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={password}
                onChange={(v) => edit(() => setPassword(v))}
                error={errors.paymentPassword}
              />
            )}
            {errors.form ? (
              <p className="form-alert form-alert--error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <button type="submit" className="button button--primary">
              {t('money.next')}
            </button>
          </form>
        )}
      </LoadState>
    </div>
  );
}
