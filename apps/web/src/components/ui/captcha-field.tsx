import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../../lib/use-captcha.ts';
import { FieldLabel } from './field-label.tsx';

export interface CaptchaFieldProps {
  id: string;
  captcha: CaptchaState & { refresh: () => void };
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Marks the input invalid without a message of its own (a form-level warning names it). */
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The captcha row shared by every form that needs one (feedback, log-in, sign-up): the answer
 * input, the image, and a refresh button that the hook throttles to once per second (§9).
 */
export function CaptchaField({ id, captcha, value, onChange, error, invalid, inputRef }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const describedBy =
    [captcha.status === 'error' && `${id}-load`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required>
        {t('form.captcha')}
      </FieldLabel>
      <div className="captcha">
        <input
          ref={inputRef}
          id={id}
          className="field__control captcha__input"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={16}
          value={value}
          placeholder={t('form.captchaPlaceholder')}
          onChange={(event) => onChange(event.target.value)}
          aria-required="true"
          aria-invalid={Boolean(error) || Boolean(invalid)}
          aria-describedby={describedBy}
        />
        <div className="captcha__image" aria-busy={captcha.status === 'loading'}>
          {captcha.captcha ? (
            <img src={captcha.captcha.image} alt={t('form.captchaImage')} width={150} height={50} />
          ) : captcha.status === 'error' ? (
            <span className="captcha__load-error" id={`${id}-load`}>
              {t('form.captchaLoadError')}
            </span>
          ) : (
            <span className="visually-hidden">{t('common.loading')}</span>
          )}
        </div>
        <button
          type="button"
          className="captcha__refresh"
          onClick={captcha.refresh}
          aria-label={t('form.refreshCaptcha')}
          title={t('form.refreshCaptcha')}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35Z"
            />
          </svg>
        </button>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
