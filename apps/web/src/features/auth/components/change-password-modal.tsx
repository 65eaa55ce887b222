import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MESSAGES, type Language, type RegistrationRule } from '@khela/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { changePassword } from '../api/change-password.ts';
import { logOut } from '../api/log-out.ts';
import { fieldErrorsOf, firstErrorField, type FieldErrors } from '../utils/field-errors.ts';
import { checkNewPassword } from '../utils/password-rules.ts';
import { endSession, PASSWORD_EXPIRED_KEY, reloadMemberInfo } from '../utils/session.ts';
import './auth.css';
import '../messages.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmNewPassword'];

/**
 * §2 change password (old, new, confirmation). Forced mode (§4: the default password, or an
 * expired one) cannot be dismissed: the member changes the password or logs out. Success
 * reloads the member info, closes and goes home (§4).
 */
export function ChangePasswordModal({
  props,
  onClose,
  passwordRule,
}: ModalBodyProps & { passwordRule?: RegistrationRule }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'bn';
  const forced = props.forced === true;
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);
  const refs = {
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmNewPassword: useRef<HTMLInputElement>(null),
  };

  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    const field = firstErrorField(found, FIELDS);
    if (field) refs[field].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: FieldErrors<Field> = checkNewPassword(
      values.newPassword,
      values.confirmNewPassword,
      passwordRule,
      language,
    );
    if (!values.oldPassword) found.oldPassword = REGISTRATION_MESSAGES.required[language];
    if (Object.values(found).some(Boolean)) {
      show(found);
      return;
    }
    setPending(true);
    try {
      await changePassword(values);
      sessionStore.remove(PASSWORD_EXPIRED_KEY);
      await reloadMemberInfo();
      onClose();
      navigateTo('/');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const serverFound = fieldErrorsOf(error, FIELDS);
      if (serverFound.form !== undefined) serverFound.form = error.message || t('common.networkError');
      show(serverFound);
    } finally {
      setPending(false);
    }
  };

  const leave = async () => {
    setPending(true);
    try {
      await logOut();
    } catch {
      // The session ends here either way.
    }
    endSession();
    onClose();
    navigateTo('/');
  };

  const field = (name: Field, autoComplete: string) => (
    <TextField
      id={`${id}-${name}`}
      inputRef={refs[name]}
      label={t(`auth.fields.${name}`)}
      type="password"
      autoComplete={autoComplete}
      maxLength={128}
      required
      value={values[name]}
      onChange={(value) => {
        setValues((prev) => ({ ...prev, [name]: value }));
        setErrors((prev) => ({ ...prev, [name]: undefined, form: undefined }));
      }}
      error={errors[name]}
    />
  );

  return (
    <Modal
      title={t('modal.titles.changePassword')}
      onClose={onClose}
      size="small"
      dismissible={!forced}
      className="auth-modal"
    >
      <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
        {forced ? (
          <div className="form-alert form-alert--warning" role="alert">
            {t('auth.password.forcedIntro')}
          </div>
        ) : null}
        {errors.form ? (
          <div className="form-alert form-alert--error" role="alert">
            {errors.form}
          </div>
        ) : null}
        {field('oldPassword', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('confirmNewPassword', 'new-password')}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t('auth.password.saving') : t('auth.password.save')}
          </button>
          {forced ? (
            <button type="button" className="button" onClick={() => void leave()} disabled={pending}>
              {t('header.logout')}
            </button>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
