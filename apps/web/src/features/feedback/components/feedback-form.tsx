import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countCharacters, FEEDBACK } from '@khela/contracts';
import { sessionStore } from '../../../lib/session-store.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { useCaptcha } from '../../../lib/use-captcha.ts';
import { CaptchaField } from '../../../components/ui/captcha-field.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import '../../../components/ui/form.css';
import {
  checkFeedback,
  FEEDBACK_FIELDS,
  FEEDBACK_TYPE_OPTIONS,
  limitCharacters,
  serverErrors,
  type FeedbackField,
  type FeedbackValues,
} from '../utils/feedback-form.ts';

type Errors = Partial<Record<FeedbackField | 'form', string>>;

/** A signed-in member's name as the default sender (§3 session keys). */
function memberName(): string {
  if (!sessionStore.token()) return '';
  try {
    return sessionStorage.getItem('username') ?? sessionStorage.getItem('account') ?? '';
  } catch {
    return '';
  }
}

/**
 * §5 feedback form: question type, description (20–200 characters, live counter, input limited
 * to 200), sender, captcha. A submit with empty fields gives one warning naming them (§8); the
 * server's refusals show under the input they concern.
 */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const captcha = useCaptcha();
  const send = useSendFeedback();
  const [values, setValues] = useState<FeedbackValues>(() => ({
    type: '',
    content: '',
    sender: memberName(),
    captcha: '',
  }));
  /** Fields named by the last warning; each drops out of it once filled. */
  const [warned, setWarned] = useState<FeedbackField[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const refs = {
    type: useRef<HTMLSelectElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    sender: useRef<HTMLInputElement>(null),
    captcha: useRef<HTMLInputElement>(null),
  };

  const captchaRequired = captcha.status !== 'off';
  const check = checkFeedback(values, captchaRequired);
  const stillMissing = warned.filter((field) => check.missing.includes(field));
  const number = new Intl.NumberFormat(i18n.language);
  const count = countCharacters(values.content);
  const label = (field: FeedbackField) => t(`feedback.${field}`);

  const update = (field: FeedbackField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    // An edited field's old server message no longer applies.
    setErrors((prev) => (prev[field] || prev.form ? { ...prev, [field]: undefined, form: undefined } : prev));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const lengthError = check.contentLength
      ? t('feedback.lengthError', { min: number.format(FEEDBACK.minLength), max: number.format(FEEDBACK.maxLength) })
      : undefined;
    setWarned(check.missing);
    setErrors({ content: lengthError });
    const firstBad = FEEDBACK_FIELDS.find((f) => check.missing.includes(f) || (f === 'content' && lengthError));
    if (firstBad) {
      refs[firstBad].current?.focus();
      return;
    }
    send.mutate(
      {
        type: Number(values.type) as (typeof FEEDBACK.types)[number],
        content: values.content.trim(),
        sender: values.sender.trim(),
        ...(captcha.captcha ? { captcha: values.captcha.trim(), captchaId: captcha.captcha.captchaId } : {}),
      },
      {
        onSuccess: onSent,
        onError: (error) => {
          const found = serverErrors(error);
          if (found.form === '' || (found.form === undefined && Object.keys(found).length === 0)) {
            found.form = error.code === 'client.network' ? t('common.networkError') : t('common.unknownError');
          }
          setErrors(found);
          // A captcha is used up by any check (wrong answers included): get a new one.
          if (error.code === 'captcha.invalid' || error.status >= 500) {
            setValues((prev) => ({ ...prev, captcha: '' }));
            captcha.refresh();
          }
          const field = FEEDBACK_FIELDS.find((f) => found[f]);
          if (field) refs[field].current?.focus();
        },
      },
    );
  };

  const invalid = (field: FeedbackField) => Boolean(errors[field]) || stillMissing.includes(field);
  const describe = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <form className="form feedback-form" noValidate onSubmit={submit}>
      <p className="modal__message">{t('feedback.intro')}</p>
      {stillMissing.length > 0 ? (
        <div className="form-alert form-alert--warning" role="alert">
          {t('feedback.missing', {
            fields: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(stillMissing.map(label)),
          })}
        </div>
      ) : null}
      {errors.form ? (
        <div className="form-alert form-alert--error" role="alert">
          {errors.form}
        </div>
      ) : null}

      <div className="field">
        <FieldLabel htmlFor={`${id}-type`} required>
          {t('feedback.type')}
        </FieldLabel>
        <select
          ref={refs.type}
          id={`${id}-type`}
          className="field__control"
          value={values.type}
          onChange={(event) => update('type', event.target.value)}
          aria-required="true"
          aria-invalid={invalid('type')}
          aria-describedby={describe(errors.type && `${id}-type-error`)}
        >
          <option value="">{t('feedback.typePlaceholder')}</option>
          {FEEDBACK_TYPE_OPTIONS.map((type) => (
            <option key={type} value={String(type)}>
              {t(`feedback.types.t${type}`)}
            </option>
          ))}
        </select>
        {errors.type ? (
          <p className="field__error" id={`${id}-type-error`}>
            {errors.type}
          </p>
        ) : null}
      </div>

      <div className="field">
        <FieldLabel htmlFor={`${id}-content`} required>
          {t('feedback.content')}
        </FieldLabel>
        <textarea
          ref={refs.content}
          id={`${id}-content`}
          className="field__control field__control--textarea"
          rows={5}
          value={values.content}
          placeholder={t('feedback.contentPlaceholder')}
          onChange={(event) => update('content', limitCharacters(event.target.value, FEEDBACK.maxLength))}
          aria-required="true"
          aria-invalid={invalid('content')}
          aria-describedby={describe(
            `${id}-content-hint`,
            `${id}-content-count`,
            errors.content && `${id}-content-error`,
          )}
        />
        <div className="field__meta">
          <span className="field__hint" id={`${id}-content-hint`}>
            {t('feedback.lengthHint', {
              min: number.format(FEEDBACK.minLength),
              max: number.format(FEEDBACK.maxLength),
            })}
          </span>
          <span
            className="field__counter"
            id={`${id}-content-count`}
            data-full={count >= FEEDBACK.maxLength || undefined}
          >
            <span aria-hidden="true">
              {number.format(count)}/{number.format(FEEDBACK.maxLength)}
            </span>
            <span className="visually-hidden">
              {t('feedback.counterLabel', { used: number.format(count), max: number.format(FEEDBACK.maxLength) })}
            </span>
          </span>
        </div>
        {errors.content ? (
          <p className="field__error" id={`${id}-content-error`}>
            {errors.content}
          </p>
        ) : null}
      </div>

      <div className="field">
        <FieldLabel htmlFor={`${id}-sender`} required>
          {t('feedback.sender')}
        </FieldLabel>
        <input
          ref={refs.sender}
          id={`${id}-sender`}
          className="field__control"
          type="text"
          autoComplete="name"
          maxLength={64}
          value={values.sender}
          placeholder={t('feedback.senderPlaceholder')}
          onChange={(event) => update('sender', event.target.value)}
          aria-required="true"
          aria-invalid={invalid('sender')}
          aria-describedby={describe(errors.sender && `${id}-sender-error`)}
        />
        {errors.sender ? (
          <p className="field__error" id={`${id}-sender-error`}>
            {errors.sender}
          </p>
        ) : null}
      </div>

      {captchaRequired ? (
        <CaptchaField
          id={`${id}-captcha`}
          captcha={captcha}
          value={values.captcha}
          onChange={(value) => update('captcha', value)}
          error={errors.captcha}
          invalid={invalid('captcha')}
          inputRef={refs.captcha}
        />
      ) : null}

      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary feedback-form__submit" disabled={send.isPending}>
          {send.isPending ? t('feedback.sending') : t('feedback.submit')}
        </button>
      </div>
    </form>
  );
}
