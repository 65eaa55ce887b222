import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COOLING_OFF_PERIODS,
  REGISTRATION_MESSAGES,
  SELF_EXCLUSION_TERMS,
  type CoolingOffPeriod,
  type Language,
  type Protection,
  type SelfExclusionTerm,
} from '@khela/contracts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { openModal } from '../../../stores/modals.ts';
import { coolOff, selfExclude, useProtection } from '../api/protection.ts';
import { useSession } from '../hooks/use-session.ts';
import { fieldErrorsOf } from '../utils/field-errors.ts';
import { endSession } from '../utils/session.ts';
import './auth.css';
import './security-center.css';
import '../messages.ts';

/**
 * §2 member centre page `securityCenter`: the account with the previous log-in (time with the
 * GMT offset, IP), change password, and player protection (issue 4 item 10).
 */
export function SecurityCenter() {
  const { t, i18n } = useTranslation();
  const { token, info } = useSession();
  const protection = useProtection(token);
  const when = (value: string | null | undefined) => (value ? formatDateTime(value, i18n.language) : '');

  return (
    <div className="security-center">
      <section className="security-card" aria-labelledby="security-account">
        <h2 id="security-account">{t('auth.security.accountTitle')}</h2>
        {info ? (
          <dl className="security-card__facts">
            <div>
              <dt>{t('auth.security.account')}</dt>
              <dd>{info.account}</dd>
            </div>
            {info.mobile ? (
              <div>
                <dt>{t('auth.fields.mobileNum')}</dt>
                <dd>{info.mobile}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('auth.security.registered')}</dt>
              <dd>{when(info.regDate)}</dd>
            </div>
            <div>
              <dt>{t('auth.security.previousLogin')}</dt>
              <dd>{info.previousLoginAt ? when(info.previousLoginAt) : t('auth.security.firstLogin')}</dd>
            </div>
            {info.previousLoginIp ? (
              <div>
                <dt>{t('auth.security.previousIp')}</dt>
                <dd>{info.previousLoginIp}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
        <button type="button" className="button" onClick={() => openModal('changePassword')}>
          {t('modal.titles.changePassword')}
        </button>
      </section>

      <section className="security-card" aria-labelledby="security-protection">
        <h2 id="security-protection">{t('auth.protection.title')}</h2>
        <p>{t('auth.protection.intro')}</p>
        <ProtectionInForce protection={protection.data} />
        <ProtectionForm kind="selfExclusion" options={SELF_EXCLUSION_TERMS} />
        <ProtectionForm kind="coolingOff" options={COOLING_OFF_PERIODS} />
      </section>
    </div>
  );
}

function ProtectionInForce({ protection }: { protection: Protection | undefined }) {
  const { t, i18n } = useTranslation();
  if (!protection) return null;
  const rows = [
    protection.selfExcludedUntil &&
      t('auth.protection.selfExcludedUntil', { date: formatDateTime(protection.selfExcludedUntil, i18n.language) }),
    protection.coolingOffUntil &&
      t('auth.protection.coolingOffUntil', { date: formatDateTime(protection.coolingOffUntil, i18n.language) }),
  ].filter(Boolean);
  return (
    <p className="security-card__status" role="status">
      {rows.length ? rows.join(' ') : t('auth.protection.none')}
    </p>
  );
}

type Kind = 'selfExclusion' | 'coolingOff';

/**
 * One protection: the choice of term, what it means, then a confirmation step with the password.
 * On success every session has ended on the server: the local one is cleared and a notice says
 * until when.
 */
function ProtectionForm<T extends SelfExclusionTerm | CoolingOffPeriod>({
  kind,
  options,
}: {
  kind: Kind;
  options: readonly T[];
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'bn';
  const id = useId();
  const [choice, setChoice] = useState<T | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ choice?: string; password?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!choice) {
      setError({ choice: t('auth.protection.chooseFirst') });
      return;
    }
    if (!confirming) {
      setConfirming(true);
      setError({});
      requestAnimationFrame(() => passwordRef.current?.focus());
      return;
    }
    if (!password) {
      setError({ password: REGISTRATION_MESSAGES.required[language] });
      passwordRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const result =
        kind === 'selfExclusion'
          ? await selfExclude(choice as SelfExclusionTerm, password)
          : await coolOff(choice as CoolingOffPeriod, password);
      const until = kind === 'selfExclusion' ? result.selfExcludedUntil : result.coolingOffUntil;
      endSession();
      navigateTo('/');
      openModal('accountNotice', {
        title: t(`auth.protection.${kind}.doneTitle`),
        message: t(`auth.protection.${kind}.done`, { date: until ? formatDateTime(until, i18n.language) : '' }),
      });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const found = fieldErrorsOf(caught, ['password'] as const, { oldPassword: 'password' });
      if (caught.code === 'auth.invalid_credentials' || caught.code === 'password.wrong_old') {
        setError({ password: caught.message });
      } else setError({ password: found.password, form: found.form && (caught.message || t('common.networkError')) });
      passwordRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form security-card__form" noValidate onSubmit={submit} aria-busy={pending}>
      <h3>{t(`auth.protection.${kind}.title`)}</h3>
      <p className="field__hint">{t(`auth.protection.${kind}.explain`)}</p>
      <fieldset className="choice-group choice-group--inline" disabled={confirming}>
        <legend className="field__label">{t(`auth.protection.${kind}.choose`)}</legend>
        {options.map((option) => (
          <label key={option} className="check">
            <input
              type="radio"
              name={`${id}-choice`}
              value={option}
              checked={choice === option}
              onChange={() => {
                setChoice(option);
                setError({});
              }}
            />
            <span>{t(`auth.protection.periods.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {error.choice ? <p className="field__error">{error.choice}</p> : null}
      {confirming ? (
        <>
          <div className="form-alert form-alert--warning" role="alert">
            {t(`auth.protection.${kind}.confirm`, { period: choice ? t(`auth.protection.periods.${choice}`) : '' })}
          </div>
          <TextField
            id={`${id}-password`}
            inputRef={passwordRef}
            label={t('auth.fields.password')}
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError({});
            }}
            error={error.password}
          />
        </>
      ) : null}
      {error.form ? (
        <div className="form-alert form-alert--error" role="alert">
          {error.form}
        </div>
      ) : null}
      <div className="security-card__actions">
        <button type="submit" className={confirming ? 'button button--danger' : 'button'} disabled={pending}>
          {confirming ? t(`auth.protection.${kind}.submit`) : t('auth.protection.continue')}
        </button>
        {confirming ? (
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => {
              setConfirming(false);
              setPassword('');
              setError({});
            }}
          >
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
