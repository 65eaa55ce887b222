import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, DEPOSIT_LIMIT_PERIODS, type ValueOf } from '@khela/contracts';
import { amountProblemMessage } from '../../../components/ui/amount-field.tsx';
import { MoneySelect } from '../../../components/ui/money-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { checkAmount } from '../../../lib/amount-input.ts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { setDepositLimit } from '../api/set-deposit-limit.ts';
import '../messages.ts';

type Limit = ValueOf<typeof cashierEndpoints.depositSettings>['limits'][number];
type Period = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** Issue 5 item 3: the member's own deposit limits (24 h, 7 days, 1 month) and the form to change one. */
export function DepositLimits({ limits, currency }: { limits: Limit[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period>('day');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ amount?: string; form?: string }>({});
  const [saved, setSaved] = useState('');
  const [pending, setPending] = useState(false);
  const money = (value: string | null) =>
    value === null ? t('cashier.limits.none') : `${formatAmount(value)} ${currency}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSaved('');
    const checked = amount.trim() ? checkAmount(amount) : null;
    if (checked && !checked.ok) {
      setError({ amount: amountProblemMessage(t, checked.problem) });
      return;
    }
    setError({});
    setPending(true);
    try {
      const next = await setDepositLimit({ period, amount: checked ? checked.wire : null });
      queryClient.setQueriesData<ValueOf<typeof cashierEndpoints.depositSettings>>(
        { queryKey: [cashierEndpoints.depositSettings.name] },
        (old) => (old ? { ...old, limits: next } : old),
      );
      const after = next.find((l) => l.period === period);
      setSaved(after?.pending ? t('cashier.limits.savedLater') : t('cashier.limits.saved'));
      setAmount('');
    } catch (failure) {
      setError(serverFieldErrors(failure, ['amount'], t('common.networkError')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="cashier-section" aria-labelledby="limits-title">
      <h2 id="limits-title" className="cashier-title">
        {t('cashier.limits.title')}
      </h2>
      <p className="cashier-note">{t('cashier.limits.explain')}</p>
      <div className="money-table-wrap">
        <table className="money-table">
          <thead>
            <tr>
              <th scope="col">{t('cashier.limits.period')}</th>
              <th scope="col">{t('cashier.limits.limit')}</th>
              <th scope="col">{t('cashier.limits.used')}</th>
              <th scope="col">{t('cashier.limits.remaining')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((limit) => (
              <tr key={limit.period}>
                <th scope="row">{t(`cashier.limits.periods.${limit.period}`)}</th>
                <td data-label={t('cashier.limits.limit')}>
                  {money(limit.amount)}
                  {limit.pending ? (
                    <small className="money-table__sub">
                      {t('cashier.limits.pending', {
                        amount: money(limit.pending.amount),
                        date: formatDateTime(limit.pending.effectiveAt, i18n.language),
                      })}
                    </small>
                  ) : null}
                </td>
                <td data-label={t('cashier.limits.used')}>{money(limit.used)}</td>
                <td data-label={t('cashier.limits.remaining')}>
                  {limit.remaining === null ? '—' : money(limit.remaining)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form className="form cashier-inline-form" onSubmit={(e) => void save(e)} noValidate>
        <MoneySelect
          id="limit-period"
          label={t('cashier.limits.period')}
          value={period}
          options={DEPOSIT_LIMIT_PERIODS.map((p) => ({ value: p, label: t(`cashier.limits.periods.${p}`) }))}
          onChange={setPeriod}
        />
        <TextField
          id="limit-amount"
          label={t('cashier.limits.newLimit')}
          value={amount}
          onChange={setAmount}
          error={error.amount}
          hint={t('cashier.limits.emptyRemoves')}
          inputMode="decimal"
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={pending}>
          {t('cashier.limits.save')}
        </button>
        {error.form ? (
          <p className="form-alert form-alert--error" role="alert">
            {error.form}
          </p>
        ) : null}
        {saved ? (
          <p className="form-alert" role="status">
            {saved}
          </p>
        ) : null}
      </form>
    </section>
  );
}
