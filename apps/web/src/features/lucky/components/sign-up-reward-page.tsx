import { useId, useState, type FormEvent } from 'react';
import { MESSENGER_ID_PATTERN, normaliseMessengerId } from '@khela/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useRequestSignUpReward, useSignUpReward } from '../api/lucky.ts';
import { deviceId } from '../utils/device-id.ts';
import '../messages.ts';
import './lucky.css';

/** The §9 sign-up reward: a Zalo or WhatsApp number, checked by an operator, then paid once. */
export default function SignUpRewardPage() {
  const { t, i18n } = useTranslation();
  const status = useSignUpReward();
  const send = useRequestSignUpReward();
  const [messenger, setMessenger] = useState<'zalo' | 'whatsapp'>('whatsapp');
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = useId();
  const valid = MESSENGER_ID_PATTERN.test(normaliseMessengerId(number));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    send.mutate({ messenger, messengerId: number, deviceId: deviceId() });
  };

  const data = status.data;
  return (
    <div className="lucky-page">
      <LoadState pending={status.isPending} error={status.error} onRetry={() => void status.refetch()}>
        {data?.request ? (
          <section className="lucky-card" aria-labelledby={`${ids}-status`}>
            <header className="lucky-card__head">
              <h2 id={`${ids}-status`}>{t('lucky.signUp.status')}</h2>
              <span className={`lucky-state lucky-state--${data.request.state}`}>
                {t(`lucky.signUp.states.${data.request.state}`)}
              </span>
            </header>
            <p>
              {t(`lucky.signUp.${data.request.messenger}`)}: <strong>{data.request.messengerId}</strong>
            </p>
            <p>{t('lucky.signUp.requestedAt', { at: formatDateTime(data.request.requestedAt, i18n.language) })}</p>
            {data.request.state === 'approved' && data.request.amount ? (
              <p className="lucky-result">{t('lucky.signUp.paid', { amount: formatAmount(data.request.amount) })}</p>
            ) : null}
            {data.request.reason ? <p>{t('lucky.signUp.reason', { reason: data.request.reason })}</p> : null}
          </section>
        ) : data && !data.enabled ? (
          <EmptyState title={t('lucky.signUp.title')} body={t('lucky.signUp.off')} />
        ) : data ? (
          <form className="lucky-card lucky-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
            <h2 id={`${ids}-title`}>{t('lucky.signUp.title')}</h2>
            <p>{t('lucky.signUp.intro', { amount: formatAmount(data.amount ?? '0.00') })}</p>
            <fieldset>
              <legend>{t('lucky.signUp.messenger')}</legend>
              {(['whatsapp', 'zalo'] as const).map((name) => (
                <label key={name} className="lucky-radio">
                  <input
                    type="radio"
                    name="messenger"
                    value={name}
                    checked={messenger === name}
                    onChange={() => setMessenger(name)}
                  />
                  {t(`lucky.signUp.${name}`)}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${ids}-number`}>{t('lucky.signUp.number')}</label>
            <input
              id={`${ids}-number`}
              className="lucky-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={32}
              value={number}
              aria-invalid={touched && !valid}
              aria-describedby={`${ids}-hint`}
              onChange={(event) => setNumber(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            <p id={`${ids}-hint`} className={touched && !valid ? 'lucky-error' : 'lucky-hint'}>
              {t('lucky.signUp.numberHint')}
            </p>
            <p>
              {data.turnoverMultiple > 0
                ? t('lucky.turnover', { count: data.turnoverMultiple })
                : t('lucky.noTurnover')}
            </p>
            <button type="submit" className="button button--primary" disabled={send.isPending}>
              {send.isPending ? t('lucky.signUp.sending') : t('lucky.signUp.submit')}
            </button>
            {send.error ? (
              <p className="lucky-error" role="alert">
                {send.error.message}
              </p>
            ) : null}
          </form>
        ) : null}
      </LoadState>
    </div>
  );
}
