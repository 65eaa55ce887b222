import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletEndpoints, ACCOUNT_TYPE_IDS } from '@khela/contracts';
import { AmountField, amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { amountRow, MoneyConfirm } from '../../../components/ui/money-confirm.tsx';
import { MoneyChoices, MoneyForm } from '../../../components/ui/money-form.tsx';
import { MoneySelect } from '../../../components/ui/money-select.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoneyForm } from '../../../lib/use-money-form.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useBalance } from '../api/get-balance.ts';
import { useMerchantWallet } from '../api/get-merchant-wallet.ts';
import { transferFund } from '../api/transfer-fund.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/money.css';
import '../messages.ts';

const FIELDS = ['amount'] as const;

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
                        : (b.vendorName ?? b.vendorCode ?? '')}
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
  vendors: { vendorCode?: string; vendorName?: string; availBalance: string }[];
  main: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const [vendor, setVendor] = useState(vendors[0]?.vendorCode ?? '');
  const [direction, setDirection] = useState<'toGame' | 'toMain'>('toGame');
  const [amount, setAmount] = useState('');
  const source = direction === 'toGame' ? main : (vendors.find((v) => v.vendorCode === vendor)?.availBalance ?? '0.00');
  const checked = checkAmount(amount, { balance: source });

  const send = useCallback(
    (requestId: string) =>
      transferFund({ vendorCode: vendor, direction, amount: checked.ok ? checked.wire : amount, requestId }),
    [vendor, direction, checked, amount],
  );
  const form = useMoneyForm(FIELDS, send, [walletEndpoints.balance]);
  const { errors, edit } = form;

  if (vendors.length === 0) {
    return <EmptyState title={t('wallet.fund.noGamesTitle')} body={t('wallet.fund.noGames')} />;
  }

  const review = () =>
    form.review(checked.ok ? {} : { amount: amountProblemMessage(t, checked.problem, { balance: source }) });
  const confirm = async () => {
    if ((await form.confirm())?.ok) setAmount('');
  };

  if (form.step === 'confirm') {
    // The game wallet as the lobby names its vendor, as in the balances above (not its code).
    const chosen = vendors.find((v) => v.vendorCode === vendor);
    const gameWallet = chosen?.vendorName ?? vendor;
    return (
      <MoneyConfirm
        {...form.confirmStep}
        title={t('wallet.fund.confirmTitle')}
        rows={[
          { label: t('wallet.fund.from'), value: direction === 'toGame' ? t('wallet.fund.main') : gameWallet },
          { label: t('wallet.fund.to'), value: direction === 'toGame' ? gameWallet : t('wallet.fund.main') },
          amountRow(t, checked, currency),
        ]}
        onConfirm={() => void confirm()}
      />
    );
  }
  return (
    <MoneyForm
      id="fund"
      title={t('wallet.fund.title')}
      success={form.done ? t('wallet.fund.done') : null}
      error={errors.form}
      onReview={review}
    >
      <MoneySelect
        id="fund-vendor"
        label={t('wallet.fund.game')}
        value={vendor}
        options={vendors.map((v) => ({ value: v.vendorCode ?? '', label: v.vendorName ?? v.vendorCode ?? '' }))}
        onChange={(value) => edit(() => setVendor(value))}
      />
      <MoneyChoices
        legend={t('wallet.fund.direction')}
        name="fund-direction"
        selected={direction}
        onSelect={(d) => edit(() => setDirection(d))}
        choices={(['toGame', 'toMain'] as const).map((d) => ({ value: d, label: t(`wallet.fund.${d}`) }))}
      />
      <AmountField
        id="fund-amount"
        label={t('money.amountLabel')}
        value={amount}
        onChange={(v) => edit(() => setAmount(v))}
        error={errors.amount}
        hint={t('wallet.transfer.available', { amount: `${formatAmount(source)} ${currency}` })}
      />
    </MoneyForm>
  );
}
