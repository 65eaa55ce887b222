import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MESSAGES, type Language, type MemberSession, type RegistrationRule } from '@khela/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { requestEmailReset, resetPasswordByEmail, resetPasswordByPhone } from '../api/reset-password.ts';
import { sendLoginSmsCode } from '../api/send-sms-code.ts';
import { useSmsCode } from '../hooks/use-sms-code.ts';
import { fieldErrorsOf, firstErrorField, type FieldErrors } from '../utils/field-errors.ts';
import { checkNewPassword } from '../utils/password-rules.ts';
import { reloadMemberInfo, startSession } from '../utils/session.ts';
import { FormTabs } from './form-tabs.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import './auth.css';
import '../messages.ts';

type Mode = 'email' | 'mobile';
type Field = 'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';
const FIELDS: readonly Field[] = [
  'username',
  'email',
  'mobileNum',
  'verificationCode',
  'newPassword',
  'confirmNewPassword',
];

export interface ForgotPasswordModalProps extends ModalBodyProps {
  /** §2: the mobile mode depends on a site setting (CHNGPASSVERIF3). */
  mobileReset: boolean;
  passwordRule?: RegistrationRule;
}

/**
 * §2/§4 forgot password. By e-mail: username and e-mail, then the notice that the code was sent
 * (in_been_out), then the code and a new password. By mobile: the number, an SMS code and a new
 * password. Both log in, reload the member info, close and go home.
 */
export function ForgotPasswordModal({ onClose, mobileReset, passwordRule }: ForgotPasswordModalProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'bn';
  const id = useId();
  const [mode, setMode] = useState<Mode>('email');
  const [emailSent, setEmailSent] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<Field, HTMLInputElement | null>());
  const required = REGISTRATION_MESSAGES.required[language];

  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    const field = firstErrorField(found, FIELDS);
    if (field) inputs.current.get(field)?.focus();
  };
  const showApiError = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const found = fieldErrorsOf(error, FIELDS, { mobileNo: 'mobileNum' });
    if (found.form !== undefined) found.form = error.message || t('common.networkError');
    show(found);
  };

  const sms = useSmsCode(useCallback(() => sendLoginSmsCode(values.mobileNum.trim()), [values.mobileNum]));
  const sendCode = async () => {
    if (!values.mobileNum.trim()) {
      show({ mobileNum: required });
      return;
    }
    const result = await sms.sendCode();
    if (result.error) showApiError(result.error);
    else if (result.sent) inputs.current.get('verificationCode')?.focus();
  };

  const done = async (session: MemberSession) => {
    startSession(session, 'reset');
    await reloadMemberInfo();
    onClose();
    navigateTo('/');
  };

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      showApiError(error);
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: FieldErrors<Field> = {};
    const need = (...fields: Field[]) => {
      for (const field of fields) if (!values[field].trim()) found[field] = required;
    };
    if (mode === 'email' && !emailSent) {
      need('username', 'email');
      if (Object.values(found).some(Boolean)) return show(found);
      void run(async () => {
        await requestEmailReset({ username: values.username.trim(), email: values.email.trim() });
        setEmailSent(true);
        requestAnimationFrame(() => inputs.current.get('verificationCode')?.focus());
      });
      return;
    }
    need(mode === 'email' ? 'username' : 'mobileNum', 'verificationCode');
    Object.assign(found, checkNewPassword(values.newPassword, values.confirmNewPassword, passwordRule, language));
    if (Object.values(found).some(Boolean)) return show(found);
    const passwords = { newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword };
    void run(async () => {
      const session =
        mode === 'email'
          ? await resetPasswordByEmail({
              username: values.username.trim(),
              verificationCode: values.verificationCode.trim(),
              ...passwords,
            })
          : await resetPasswordByPhone({
              mobileNum: values.mobileNum.trim(),
              verificationCode: values.verificationCode.trim(),
              ...passwords,
            });
      await done(session);
    });
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`${id}-${name}`}
      inputRef={(el) => {
        inputs.current.set(name, el);
      }}
      label={t(`auth.fields.${name}`)}
      required
      maxLength={128}
      value={values[name]}
      onChange={(value) => {
        setValues((prev) => ({ ...prev, [name]: value }));
        setErrors((prev) => ({ ...prev, [name]: undefined, form: undefined }));
      }}
      error={errors[name]}
      {...extra}
    />
  );
  const passwordFields = (
    <>
      {field('newPassword', { type: 'password', autoComplete: 'new-password' })}
      {field('confirmNewPassword', { type: 'password', autoComplete: 'new-password' })}
    </>
  );

  const tabs = [
    { id: 'email' as const, label: t('auth.forgot.tabEmail') },
    ...(mobileReset ? [{ id: 'mobile' as const, label: t('auth.forgot.tabMobile') }] : []),
  ];

  return (
    <Modal title={t('modal.titles.forgotPassword')} onClose={onClose} size="small" className="auth-modal">
      <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
        <FormTabs
          idBase={id}
          label={t('auth.forgot.modes')}
          tabs={tabs}
          value={mode}
          onChange={(next) => {
            setMode(next);
            setErrors({});
          }}
        />
        <div
          className="auth-form__panel"
          id={`${id}-panel`}
          role={tabs.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={tabs.length > 1 ? `${id}-tab-${mode}` : undefined}
        >
          {errors.form ? (
            <div className="form-alert form-alert--error" role="alert">
              {errors.form}
            </div>
          ) : null}
          {mode === 'email' ? (
            emailSent ? (
              <>
                <div className="form-alert form-alert--success" role="status">
                  {t('auth.forgot.sent')}
                </div>
                {field('verificationCode', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 255 })}
                {passwordFields}
              </>
            ) : (
              <>
                <p className="modal__message">{t('auth.forgot.emailIntro')}</p>
                {field('username', { autoComplete: 'username', autoCapitalize: 'off', maxLength: 64 })}
                {field('email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
              </>
            )
          ) : (
            <>
              <p className="modal__message">{t('auth.forgot.mobileIntro')}</p>
              {field('mobileNum', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 32 })}
              {field('verificationCode', {
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 255,
                addon: <SmsCodeButton remaining={sms.remaining} sending={sms.sending} onSend={() => void sendCode()} />,
              })}
              {passwordFields}
            </>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={pending}>
              {mode === 'email' && !emailSent ? t('auth.forgot.sendEmail') : t('auth.forgot.reset')}
            </button>
            {mode === 'email' && emailSent ? (
              <button type="button" className="button" onClick={() => setEmailSent(false)} disabled={pending}>
                {t('auth.forgot.again')}
              </button>
            ) : null}
          </div>
        </div>
      </form>
    </Modal>
  );
}
