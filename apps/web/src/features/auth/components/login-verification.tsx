import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginChallenge, LoginVerificationMethod, MemberSession } from '@khela/contracts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sendLoginVerificationCode, verifyLogin } from '../api/verify-login.ts';
import { useSmsCode } from '../hooks/use-sms-code.ts';
import { fieldErrorsOf, type FieldErrors } from '../utils/field-errors.ts';
import { SmsCodeButton } from './sms-code-button.tsx';
import '../messages.ts';

type Field = 'answer';

/**
 * §2 log-in from an unrecognised IP: the member proves the account with a code sent to the
 * mobile or e-mail on file, or by typing the bank account (payee) name.
 */
export function LoginVerification({
  challenge,
  onVerified,
  onCancel,
}: {
  challenge: LoginChallenge;
  onVerified: (session: MemberSession) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [method, setMethod] = useState<LoginVerificationMethod>(challenge.methods[0] ?? 'payeeName');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [notice, setNotice] = useState('');
  const [pending, setPending] = useState(false);
  const answerRef = useRef<HTMLInputElement>(null);
  const codeMethod = method === 'payeeName' ? null : method;

  const sms = useSmsCode(
    useCallback(() => sendLoginVerificationCode(challenge.challenge, codeMethod ?? 'sms'), [challenge, codeMethod]),
  );
  const destination = method === 'sms' ? challenge.mobile : method === 'email' ? challenge.email : null;

  const showError = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const found = fieldErrorsOf(error, ['answer'] as const, { verificationCode: 'answer' });
    if (found.form !== undefined) found.form = error.message || t('common.networkError');
    setErrors(found);
    if (found.answer) answerRef.current?.focus();
  };

  const sendCode = async () => {
    const result = await sms.sendCode();
    if (result.error) showError(result.error);
    else if (result.sent) {
      setErrors({});
      setNotice(t('auth.verify.codeSent', { to: destination ?? '' }));
      answerRef.current?.focus();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!answer.trim()) {
      setErrors({ answer: t('auth.errors.required') });
      answerRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      onVerified(await verifyLogin({ challenge: challenge.challenge, method, answer: answer.trim() }));
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
      <p className="modal__message">{t('auth.verify.intro')}</p>
      {errors.form ? (
        <div className="form-alert form-alert--error" role="alert">
          {errors.form}
        </div>
      ) : null}
      {notice ? (
        <div className="form-alert form-alert--success" role="status">
          {notice}
        </div>
      ) : null}
      {challenge.methods.length > 1 ? (
        <fieldset className="choice-group">
          <legend className="field__label">{t('auth.verify.method')}</legend>
          {challenge.methods.map((option) => (
            <label key={option} className="check">
              <input
                type="radio"
                name={`${id}-method`}
                value={option}
                checked={method === option}
                onChange={() => {
                  setMethod(option);
                  setAnswer('');
                  setErrors({});
                  setNotice('');
                }}
              />
              <span>{t(`auth.verify.methods.${option}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField
        id={`${id}-answer`}
        inputRef={answerRef}
        label={method === 'payeeName' ? t('auth.fields.payeeName') : t('auth.fields.verificationCode')}
        hint={destination ? t('auth.verify.destination', { to: destination }) : undefined}
        value={answer}
        onChange={(value) => {
          setAnswer(value);
          setErrors({});
        }}
        error={errors.answer}
        required
        inputMode={codeMethod ? 'numeric' : undefined}
        autoComplete={codeMethod ? 'one-time-code' : 'off'}
        maxLength={128}
        addon={
          codeMethod ? (
            <SmsCodeButton remaining={sms.remaining} sending={sms.sending} onSend={() => void sendCode()} />
          ) : undefined
        }
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('auth.login.submitting') : t('auth.verify.submit')}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          {t('auth.verify.back')}
        </button>
      </div>
    </form>
  );
}
