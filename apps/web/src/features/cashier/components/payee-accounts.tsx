import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints, PAYEE_METHODS, type ValueOf } from '@khela/contracts';
import { MoneySelect } from '../../../components/ui/money-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { bindPayeeAccount } from '../api/bind-payee-account.ts';
import { unbindPayeeAccount } from '../api/unbind-payee-account.ts';
import '../messages.ts';

type Account = ValueOf<typeof cashierEndpoints.withdrawSettings>['accounts'][number];
type Method = (typeof PAYEE_METHODS)[number];
type Field = 'bankName' | 'branch' | 'accountNumber' | 'payeeName';

/** The last four digits only, so the list can be shown without exposing the whole number. */
export function maskAccountNumber(number: string): string {
  return number.length <= 4 ? number : `•••• ${number.slice(-4)}`;
}

/** Issue 5 item 4: bound bank and e-wallet accounts, unbind (confirmed), and the bind form. */
export function PayeeAccounts({
  accounts,
  payeeName,
  maxAccounts,
}: {
  accounts: Account[];
  payeeName: string | null;
  maxAccounts: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);
  const [removeError, setRemoveError] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [cashierEndpoints.withdrawSettings.name] });

  const remove = async (id: number) => {
    setRemoveError('');
    try {
      await unbindPayeeAccount(id);
      setRemoving(null);
      await refresh();
    } catch (failure) {
      setRemoveError((failure as Error).message || t('common.networkError'));
    }
  };

  return (
    <section className="cashier-section" aria-labelledby="payees-title">
      <h2 id="payees-title" className="cashier-title">
        {t('cashier.payees.title')}
      </h2>
      {accounts.length === 0 ? <p className="cashier-note">{t('cashier.payees.none')}</p> : null}
      <ul className="money-list">
        {accounts.map((a) => (
          <li key={a.id} className="money-item">
            <div className="money-item__main">
              <strong>{a.method === 'bank' ? a.bankName : t(`cashier.methods.${a.method}`)}</strong>
              <span>{maskAccountNumber(a.accountNumber)}</span>
            </div>
            <div className="money-item__meta">
              <span>{a.payeeName}</span>
              {a.branch ? <span>{a.branch}</span> : null}
            </div>
            {removing === a.id ? (
              <div className="money-actions" role="group" aria-label={t('cashier.payees.unbindConfirm')}>
                <span>{t('cashier.payees.unbindConfirm')}</span>
                <button type="button" className="button" onClick={() => setRemoving(null)}>
                  {t('common.cancel')}
                </button>
                <button type="button" className="button button--primary" onClick={() => void remove(a.id)}>
                  {t('cashier.payees.unbind')}
                </button>
              </div>
            ) : (
              <button type="button" className="button money-item__action" onClick={() => setRemoving(a.id)}>
                {t('cashier.payees.unbind')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {removeError ? (
        <p className="form-alert form-alert--error" role="alert">
          {removeError}
        </p>
      ) : null}
      {accounts.length < maxAccounts ? <BindForm payeeName={payeeName} onBound={() => void refresh()} /> : null}
    </section>
  );
}

function BindForm({ payeeName, onBound }: { payeeName: string | null; onBound: () => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('bank');
  const [values, setValues] = useState<Record<Field, string>>({
    bankName: '',
    branch: '',
    accountNumber: '',
    payeeName: payeeName ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [pending, setPending] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const bank = method === 'bank';

  const bind = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: typeof errors = {};
    if (bank && !values.bankName.trim()) found.bankName = t('cashier.payees.required');
    if (!(bank ? /^\d{6,20}$/ : /^01\d{9}$/).test(values.accountNumber.trim()))
      found.accountNumber = bank ? t('cashier.payees.bankNumber') : t('cashier.payees.walletNumber');
    if (values.payeeName.trim().length < 2) found.payeeName = t('cashier.payees.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await bindPayeeAccount({
        method,
        accountNumber: values.accountNumber.trim(),
        payeeName: values.payeeName.trim(),
        ...(bank
          ? { bankName: values.bankName.trim(), ...(values.branch.trim() ? { branch: values.branch.trim() } : {}) }
          : {}),
      });
      setValues({ bankName: '', branch: '', accountNumber: '', payeeName: values.payeeName });
      onBound();
    } catch (failure) {
      setErrors(
        serverFieldErrors(
          failure,
          ['bankName', 'branch', 'accountNumber', 'payeeName'] as const,
          t('common.networkError'),
        ),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form cashier-form" onSubmit={(e) => void bind(e)} noValidate aria-labelledby="bind-title">
      <h3 id="bind-title">{t('cashier.payees.bindTitle')}</h3>
      <MoneySelect
        id="bind-method"
        label={t('cashier.payees.method')}
        value={method}
        options={PAYEE_METHODS.map((m) => ({ value: m, label: t(`cashier.methods.${m}`) }))}
        onChange={setMethod}
      />
      {bank ? (
        <>
          <TextField
            id="bind-bank"
            label={t('cashier.payee.bankName')}
            value={values.bankName}
            onChange={set('bankName')}
            error={errors.bankName}
            maxLength={64}
            required
          />
          <TextField
            id="bind-branch"
            label={t('cashier.payee.branch')}
            value={values.branch}
            onChange={set('branch')}
            error={errors.branch}
            maxLength={64}
          />
        </>
      ) : null}
      <TextField
        id="bind-number"
        label={bank ? t('cashier.payee.accountNumber') : t('cashier.payees.walletNumberLabel')}
        value={values.accountNumber}
        onChange={set('accountNumber')}
        error={errors.accountNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        required
      />
      <TextField
        id="bind-payee"
        label={t('cashier.payees.payeeName')}
        value={values.payeeName}
        onChange={set('payeeName')}
        error={errors.payeeName}
        hint={payeeName ? t('cashier.payees.payeeNameFixed') : t('cashier.payees.payeeNameHint')}
        readOnly={Boolean(payeeName)}
        maxLength={64}
        required
      />
      {errors.form ? (
        <p className="form-alert form-alert--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending}>
        {t('cashier.payees.bind')}
      </button>
    </form>
  );
}
