import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletEndpoints, ACCOUNT_TYPE_IDS } from '@khela/contracts';
import { AmountField, amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { useMoneySubmit } from '../../../lib/use-money-submit.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useBalance } from '../api/get-balance.ts';
import { useMerchantWallet } from '../api/get-merchant-wallet.ts';
import { transferFund } from '../api/transfer-fund.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';

/**
 * §2 member centre `transferFund` (issue 5 item 6): the wallets with their balances, and a
 * confirmed move between the main wallet and a game wallet; a single-wallet merchant (isSingle)
 * has nothing to move, which the page explains.
 */
export default function TransferFundPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const mode = useMerchantWallet(token);
  const balance = useBalance(token);
  const single = mode.data?.isSingle === 1;
  return (
    <div className="cashier-page">
      <LoadState
        pending={mode.isPending || balance.isPending}
        error={mode.error ?? balance.error}
        onRetry={() => void Promise.all([mode.refetch(), balance.refetch()])}
      >
        {balance.data ? (
          <section className="cashier-section" aria-labelledby="wallets-title">
            <h2 id="wallets-title" className="cashier-title">
              {t('wallet.fund.wallets')}
            </h2>
            <dl className="cashier-facts">
              {balance.data.balance.map((b) => (
                <div key={`${b.accountTypeId}-${b.vendorCode ?? ''}`}>
                  <dt>
                    {b.accountTypeId === ACCOUNT_TYPE_IDS.MAIN
                      ? t('wallet.fund.main')
                      : b.accountTypeId === ACCOUNT_TYPE_IDS.BONUS
                        ? t('wallet.fund.bonus')
                        : (b.vendorCode ?? '')}
                  </dt>
                  <dd>
                    {formatAmount(b.availBalance)} {balance.data.currency}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {single ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('wallet.fund.singleTitle')}
            body={t('wallet.fund.single')}
          />
        ) : balance.data ? (
          <FundForm
            vendors={balance.data.balance.flatMap((b) => (b.vendorCode ? [b] : []))}
            main={balance.data.balance.find((b) => b.accountTypeId === ACCOUNT_TYPE_IDS.MAIN)?.availBalance ?? '0.00'}
            currency={balance.data.currency}
          />
        ) : null}
      </LoadState>
    </div>
  );
}

function FundForm({
  vendors,
  main,
  currency,
}: {
  vendors: { vendorCode?: string; availBalance: string }[];
  main: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [vendor, setVendor] = useState(vendors[0]?.vendorCode ?? '');
  const [direction, setDirection] = useState<'toGame' | 'toMain'>('toGame');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; form?: string }>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [done, setDone] = useState('');
  const source = direction === 'toGame' ? main : (vendors.find((v) => v.vendorCode === vendor)?.availBalance ?? '0.00');
  const checked = checkAmount(amount, { balance: source });

  const send = useCallback(
    (requestId: string) =>
      transferFund({ vendorCode: vendor, direction, amount: checked.ok ? checked.wire : amount, requestId }),
    [vendor, direction, checked, amount],
  );
  const { submit, pending, reset } = useMoneySubmit(send);
  const edit = (apply: () => void) => {
    apply();
    reset();
    setDone('');
  };

  if (vendors.length === 0) {
    return <EmptyState title={t('wallet.fund.noGamesTitle')} body={t('wallet.fund.noGames')} />;
  }

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      setErrors({ amount: amountProblemMessage(t, checked.problem, { balance: source }) });
      return;
    }
    setErrors({});
    setStep('confirm');
  };
  const confirm = async () => {
    const result = await submit();
    if (!result) return;
    if (result.ok) {
      setDone(t('wallet.fund.done'));
      setStep('edit');
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: [walletEndpoints.balance.name] });
      return;
    }
    const found = serverFieldErrors(result.error, ['amount'] as const, t('common.networkError'));
    setErrors(found);
    if (found.amount) setStep('edit');
  };

  if (step === 'confirm') {
    return (
      <MoneyConfirm
        title={t('wallet.fund.confirmTitle')}
        rows={[
          { label: t('wallet.fund.from'), value: direction === 'toGame' ? t('wallet.fund.main') : vendor },
          { label: t('wallet.fund.to'), value: direction === 'toGame' ? vendor : t('wallet.fund.main') },
          { label: t('money.amountLabel'), value: `${formatAmount(checked.ok ? checked.minor : 0n)} ${currency}` },
        ]}
        pending={pending}
        error={errors.form}
        onBack={() => setStep('edit')}
        onConfirm={() => void confirm()}
      />
    );
  }
  return (
    <form className="form cashier-form" onSubmit={review} noValidate aria-labelledby="fund-title">
      <h2 id="fund-title" className="cashier-title">
        {t('wallet.fund.title')}
      </h2>
      {done ? (
        <p className="form-alert cashier-success" role="status">
          {done}
        </p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="fund-vendor">
          {t('wallet.fund.game')}
        </label>
        <select
          id="fund-vendor"
          className="field__control"
          value={vendor}
          onChange={(e) => edit(() => setVendor(e.target.value))}
        >
          {vendors.map((v) => (
            <option key={v.vendorCode} value={v.vendorCode}>
              {v.vendorCode}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="cashier-channels">
        <legend className="field__label">{t('wallet.fund.direction')}</legend>
        {(['toGame', 'toMain'] as const).map((d) => (
          <label key={d} className="cashier-channel" data-selected={direction === d}>
            <input
              type="radio"
              name="fund-direction"
              checked={direction === d}
              onChange={() => edit(() => setDirection(d))}
            />
            <span className="cashier-channel__name">{t(`wallet.fund.${d}`)}</span>
          </label>
        ))}
      </fieldset>
      <AmountField
        id="fund-amount"
        label={t('money.amountLabel')}
        value={amount}
        onChange={(v) => edit(() => setAmount(v))}
        error={errors.amount}
        hint={t('wallet.transfer.available', { amount: `${formatAmount(source)} ${currency}` })}
      />
      {errors.form ? (
        <p className="form-alert form-alert--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="button button--primary">
        {t('money.next')}
      </button>
    </form>
  );
}
