import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cashierEndpoints } from '@khela/contracts';
import { MoneyPasswordField } from '../../../components/ui/money-password-field.tsx';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { setPaymentPassword } from '../api/set-payment-password.ts';
import '../messages.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const SIX_DIGITS = /^\d{6}$/;

/** Issue 5 item 4: set the 6-digit payment password once, or change it with the old one. */
export function PaymentPasswordForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    const found: typeof errors = {};
    if (isSet && !SIX_DIGITS.test(values.oldPassword)) found.oldPassword = t('cashier.paymentPassword.sixDigits');
    if (!SIX_DIGITS.test(values.newPassword)) found.newPassword = t('cashier.paymentPassword.sixDigits');
    else if (values.confirmPassword !== values.newPassword)
      found.confirmPassword = t('cashier.paymentPassword.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await setPaymentPassword({
        newPassword: values.newPassword,
        ...(isSet ? { oldPassword: values.oldPassword } : {}),
      });
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: [cashierEndpoints.withdrawSettings.name] });
    } catch (failure) {
      setErrors(
        serverFieldErrors(
          failure,
          ['oldPassword', 'newPassword'] as const,
          t('common.networkError'),
          isSet ? { paymentPassword: 'oldPassword' } : {},
        ),
      );
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field, label: string) => (
    <MoneyPasswordField
      id={`pay-${name}`}
      label={label}
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      required
    />
  );

  return (
    <section className="cashier-section" aria-labelledby="paypw-title">
      <h2 id="paypw-title" className="cashier-title">
        {isSet ? t('cashier.paymentPassword.changeTitle') : t('cashier.paymentPassword.setTitle')}
      </h2>
      <form className="form cashier-form" onSubmit={(e) => void save(e)} noValidate>
        {!isSet ? <p className="cashier-note">{t('cashier.paymentPassword.explain')}</p> : null}
        {isSet ? field('oldPassword', t('cashier.paymentPassword.old')) : null}
        {field('newPassword', t('cashier.paymentPassword.new'))}
        {field('confirmPassword', t('cashier.paymentPassword.confirm'))}
        {errors.form ? (
          <p className="form-alert form-alert--error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {saved ? (
          <p className="form-alert" role="status">
            {t('cashier.paymentPassword.saved')}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={pending}>
          {t('cashier.paymentPassword.save')}
        </button>
      </form>
    </section>
  );
}
