import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_REDEEM_MAX_QUANTITY, type PointGoods } from '@khela/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { MoneyPasswordField } from '../../../components/ui/money-password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { newRequestId, useRedeem } from '../api/points.ts';
import '../../../components/ui/form.css';

type Field = 'quantity' | 'address' | 'mobile' | 'password';
/** Server refusals that belong under one field: the form goes back to it. */
const FIELD_OF_CODE: Record<string, Field> = {
  'cashier.payment_password_wrong': 'password',
  'cashier.payment_password_locked': 'password',
  'wallet.payment_password_required': 'password',
  'points.insufficient': 'quantity',
  'points.out_of_stock': 'quantity',
};

/**
 * The redeem dialog (issue 14 item 3): quantity, receiving address, mobile number and the payment
 * password, checked here, then a confirmation, then one E call under one requestId (a retry after
 * a lost answer cannot redeem twice). Never more than the balance or the stock.
 */
export function RedeemModal({ goods, balance, onClose }: { goods: PointGoods; balance: number; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const redeem = useRedeem();
  const [step, setStep] = useState<'edit' | 'confirm' | 'done'>('edit');
  const [quantity, setQuantity] = useState('1');
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [requestId, setRequestId] = useState('');
  const max = Math.max(1, Math.min(POINT_REDEEM_MAX_QUANTITY, goods.availableQuantity));
  const count = /^\d{1,2}$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
  const total = count * goods.pointsRequired;

  const edit = (apply: () => void) => {
    apply();
    setErrors({});
    redeem.reset();
  };

  const review = () => {
    const found: typeof errors = {};
    if (count < 1 || count > max) found.quantity = t('points.redeem.errors.quantity', { max });
    else if (total > balance) {
      found.quantity = t('points.redeem.errors.notEnough', { points: total, balance });
    }
    if (address.trim().length < 5) found.address = t('points.redeem.errors.address');
    if (!/^\+?\d{6,20}$/.test(mobile.trim())) found.mobile = t('points.redeem.errors.mobile');
    if (!password) found.password = t('points.redeem.errors.password');
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setRequestId(newRequestId());
      setStep('confirm');
    }
  };

  const confirm = () => {
    redeem.mutate(
      {
        goodsId: goods.id,
        quantity: count,
        address: address.trim(),
        mobile: mobile.trim(),
        paymentPassword: password,
        requestId,
      },
      {
        onSuccess: () => setStep('done'),
        onError: (error) => {
          const field = FIELD_OF_CODE[error.code];
          if (field) {
            setErrors({ [field]: error.message });
            setStep('edit');
          } else setErrors({ form: error.message });
        },
      },
    );
  };

  const footer =
    step === 'edit' ? (
      <button type="button" className="button button--primary" onClick={review}>
        {t('points.redeem.review')}
      </button>
    ) : step === 'confirm' ? (
      <>
        <button type="button" className="button" disabled={redeem.isPending} onClick={() => setStep('edit')}>
          {t('points.redeem.back')}
        </button>
        <button type="button" className="button button--primary" disabled={redeem.isPending} onClick={confirm}>
          {redeem.isPending ? t('points.redeem.sending') : t('points.redeem.confirm')}
        </button>
      </>
    ) : (
      <button type="button" className="button button--primary" onClick={onClose}>
        {t('points.redeem.close')}
      </button>
    );

  return (
    <Modal title={t('points.redeem.title', { name: goods.name })} onClose={onClose} size="small" footer={footer}>
      <div className="points-redeem">
        <img className="points-redeem__image" src={goods.imageUrl} alt="" width={96} height={96} />
        {step === 'edit' ? (
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              review();
            }}
          >
            <TextField
              id={`${id}-quantity`}
              label={t('points.redeem.quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={quantity}
              onChange={(value) => edit(() => setQuantity(value))}
              error={errors.quantity}
              hint={t('points.redeem.after', { points: Math.max(0, balance - total) })}
              required
            />
            <TextField
              id={`${id}-address`}
              label={t('points.redeem.address')}
              autoComplete="street-address"
              maxLength={300}
              value={address}
              onChange={(value) => edit(() => setAddress(value))}
              error={errors.address}
              required
            />
            <TextField
              id={`${id}-mobile`}
              label={t('points.redeem.mobile')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={21}
              value={mobile}
              onChange={(value) => edit(() => setMobile(value))}
              error={errors.mobile}
              required
            />
            <MoneyPasswordField
              id={`${id}-password`}
              label={t('points.redeem.password')}
              hint={t('points.redeem.passwordHint')}
              value={password}
              onChange={(value) => edit(() => setPassword(value))}
              error={errors.password}
              required
            />
            <p className="points-redeem__total">
              {t('points.redeem.total')}: <strong>{t('points.redeem.totalPoints', { points: total })}</strong>
            </p>
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          </form>
        ) : step === 'confirm' ? (
          <div>
            <h3 className="points-redeem__heading">{t('points.redeem.confirmTitle')}</h3>
            <p>
              {t('points.redeem.confirmText', {
                quantity: count,
                name: goods.name,
                points: total,
                address: address.trim(),
                mobile: mobile.trim(),
              })}
            </p>
            {errors.form ? (
              <p className="points-error" role="alert">
                {errors.form}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="points-ok" role="status">
            {t('points.redeem.done', { reference: redeem.data?.referenceNumber ?? '' })}
          </p>
        )}
      </div>
    </Modal>
  );
}
