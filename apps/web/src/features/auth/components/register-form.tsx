import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MESSAGES, type Language, type RegistrationField } from '@khela/contracts';
import { CaptchaField } from '../../../components/ui/captcha-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCaptcha } from '../../../lib/use-captcha.ts';
import { checkAffiliate } from '../api/check-affiliate.ts';
import { register } from '../api/register.ts';
import { sendRegisterSmsCode } from '../api/send-sms-code.ts';
import { useSmsCode } from '../hooks/use-sms-code.ts';
import { fieldErrorsOf, type FieldErrors } from '../utils/field-errors.ts';
import {
  codesFromUrl,
  defaultRegisterMode,
  registerModes,
  registrationFields,
  SECRET_FIELDS,
  validateRegistration,
  type RegisterMode,
  type RegisterSwitches,
  type RegistrationRules,
} from '../utils/registration-form.ts';
import { refusalText } from '../utils/refusal.ts';
import { startSession } from '../utils/session.ts';
import { FormTabs } from './form-tabs.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import '../messages.ts';

type Field = RegistrationField | 'terms' | 'adult' | 'countryDialingCode';

const INPUT_TYPES: Partial<Record<RegistrationField, string>> = {
  password: 'password',
  confirmPassword: 'password',
  paymentPassword: 'password',
  email: 'email',
  mobileNum: 'tel',
};
const AUTOCOMPLETE: Partial<Record<RegistrationField, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  mobileNum: 'tel-national',
  payeeName: 'name',
  verificationCode: 'one-time-code',
};
const NUMERIC: readonly RegistrationField[] = ['mobileNum', 'verificationCode', 'qqNum', 'whatsapp'];

export interface RegisterFormProps {
  switches: RegisterSwitches;
  rules: RegistrationRules;
  onRegistered: () => void;
  onLogin?: () => void;
}

/**
 * §2/§5 sign-up: username and mobile tabs by switch, the fields the merchant's rules enable
 * (required when flagged, checked with the same messages as the server), confirm password, the
 * password step of mobile sign-up (MOBILENUMPASSREG3), the SMS code (REGMOBVERF3), captcha,
 * affiliate and referral codes from the link, terms and 18+. Success logs in (§4).
 */
export function RegisterForm({ switches, rules, onRegistered, onLogin }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'bn';
  const id = useId();
  const modes = registerModes(switches);
  const [mode, setMode] = useState<RegisterMode>(() => defaultRegisterMode(switches));
  const [step, setStep] = useState<1 | 2>(1);
  const fromUrl = useMemo(() => codesFromUrl(window.location.search), []);
  const [values, setValues] = useState<Partial<Record<RegistrationField, string>>>(() => ({
    affiliateCode: fromUrl.affiliateCode,
  }));
  const [terms, setTerms] = useState(false);
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);
  // The captcha field: enabled by its rule, and the site uses captchas at all (CAPTCHA3).
  const captchaRule = rules.captcha?.enabled === true && Boolean(switches.CAPTCHA3);
  const captcha = useCaptcha(captchaRule);
  const showCaptcha = captchaRule && captcha.status !== 'off';
  const inputs = useRef(new Map<string, HTMLInputElement | null>());

  const specs = useMemo(() => registrationFields(rules, mode, switches), [rules, mode, switches]);
  const twoSteps = specs.some((spec) => spec.step === 2);
  const lastStep = twoSteps ? 2 : 1;
  const order: Field[] = [...specs.map((spec) => spec.field), 'captcha', 'terms', 'adult'];

  const focusFirst = (found: FieldErrors<Field>) => {
    const field = order.find((f) => found[f]);
    if (field) inputs.current.get(field)?.focus();
  };
  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    focusFirst(found);
  };
  const update = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (prev[field] || prev.form ? { ...prev, [field]: undefined, form: undefined } : prev));
  };

  const sms = useSmsCode(useCallback(() => sendRegisterSmsCode((values.mobileNum ?? '').trim()), [values.mobileNum]));
  const sendCode = async () => {
    const mobileError = validateRegistration(
      values,
      specs.filter((spec) => spec.field === 'mobileNum'),
      language,
    ).mobileNum;
    if (mobileError) {
      show({ mobileNum: mobileError });
      return;
    }
    const result = await sms.sendCode();
    if (result.error) show(fieldErrorsOf(result.error, order, { mobileNo: 'mobileNum' }));
    else if (result.sent) inputs.current.get('verificationCode')?.focus();
  };

  // §4: the affiliate check runs when the field is shown (AFFMAN3 is the switch of the call).
  const checkCode = async () => {
    const code = (values.affiliateCode ?? '').trim();
    if (!code || !switches.AFFMAN3) return;
    try {
      if (!(await checkAffiliate(code, window.location.hostname))) {
        setErrors((prev) => ({ ...prev, affiliateCode: REGISTRATION_MESSAGES.invalidAffiliate[language] }));
      }
    } catch {
      // The server checks the code again on submit.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: FieldErrors<Field> = validateRegistration(values, specs, language, twoSteps ? step : undefined);
    if (step === lastStep) {
      if (showCaptcha && !(values.captcha ?? '').trim()) found.captcha = REGISTRATION_MESSAGES.required[language];
      // §5: the terms box must be ticked, and the age confirmed (18).
      if (!terms) found.terms = t('auth.register.termsRequired');
      if (!adult) found.adult = t('auth.register.adultRequired');
    }
    if (Object.values(found).some(Boolean)) {
      show(found);
      return;
    }
    if (step < lastStep) {
      setErrors({});
      setStep(2);
      requestAnimationFrame(() => inputs.current.get('password')?.focus());
      return;
    }
    const body: Record<string, unknown> = {};
    for (const spec of specs) {
      const raw = values[spec.field] ?? '';
      const value = SECRET_FIELDS.includes(spec.field) ? raw : raw.trim();
      if (value) body[spec.field] = value;
    }
    if (mode === 'mobile') body.username = body.mobileNum;
    if (fromUrl.referralCode) body.referralCode = fromUrl.referralCode;
    if (showCaptcha && captcha.captcha) {
      body.captcha = (values.captcha ?? '').trim();
      body.captchaId = captcha.captcha.captchaId;
    }
    setPending(true);
    setErrors({});
    try {
      const session = await register(mode, {
        ...body,
        domain: window.location.hostname,
        registerUrl: window.location.href.slice(0, 2048),
        registerMethod: 'WEB',
        login: true,
      });
      startSession(session, 'register');
      onRegistered();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const serverFound = fieldErrorsOf<Field>(error, order, { mobileNo: 'mobileNum' });
      if (serverFound.form !== undefined) {
        serverFound.form =
          refusalText(error, i18n.language) ||
          (error.code === 'client.network' ? t('common.networkError') : t('common.unknownError'));
      }
      // A captcha is used up by any check: a new one for the next try.
      if (showCaptcha) {
        setValues((prev) => ({ ...prev, captcha: '' }));
        captcha.refresh();
      }
      const backToFirst = specs.some((spec) => spec.step === 1 && serverFound[spec.field]);
      if (twoSteps && backToFirst) setStep(1);
      setErrors(serverFound);
      requestAnimationFrame(() => focusFirst(serverFound));
    } finally {
      setPending(false);
    }
  };

  if (modes.length === 0) {
    return <p className="modal__message">{t('auth.register.closed')}</p>;
  }

  const visible = specs.filter((spec) => !twoSteps || spec.step === step);
  const ref = (field: Field) => (el: HTMLInputElement | null) => {
    inputs.current.set(field, el);
  };

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
      <FormTabs
        idBase={id}
        label={t('auth.register.modes')}
        tabs={modes.map((m) => ({ id: m, label: t(`auth.register.tab.${m}`) }))}
        value={mode}
        onChange={(next) => {
          setMode(next);
          setStep(1);
          setErrors({});
        }}
      />
      <div
        className="auth-form__panel"
        id={`${id}-panel`}
        role={modes.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={modes.length > 1 ? `${id}-tab-${mode}` : undefined}
      >
        {twoSteps ? (
          <p className="auth-form__step" aria-live="polite">
            {t('auth.register.step', { step, total: 2 })}
          </p>
        ) : null}
        {errors.form ? (
          <div className="form-alert form-alert--error" role="alert">
            {errors.form}
          </div>
        ) : null}
        {visible.map((spec) => (
          <TextField
            key={spec.field}
            id={`${id}-${spec.field}`}
            inputRef={ref(spec.field)}
            label={t(`auth.fields.${spec.field}`)}
            type={INPUT_TYPES[spec.field] ?? 'text'}
            inputMode={NUMERIC.includes(spec.field) ? 'numeric' : undefined}
            autoComplete={AUTOCOMPLETE[spec.field] ?? 'off'}
            autoCapitalize="off"
            spellCheck={false}
            value={values[spec.field] ?? ''}
            onChange={(value) => update(spec.field, value)}
            onBlur={spec.field === 'affiliateCode' ? () => void checkCode() : undefined}
            error={errors[spec.field]}
            required={spec.required}
            maxLength={spec.rule ? Math.max(spec.rule.maxLength, 1) : 128}
            addon={
              spec.field === 'verificationCode' ? (
                <SmsCodeButton
                  remaining={sms.remaining}
                  sending={sms.sending}
                  onSend={() => void sendCode()}
                  controls={`${id}-verificationCode`}
                />
              ) : undefined
            }
          />
        ))}
        {step === lastStep ? (
          <>
            {showCaptcha ? (
              <CaptchaField
                id={`${id}-captcha`}
                captcha={captcha}
                value={values.captcha ?? ''}
                onChange={(value) => update('captcha', value)}
                error={errors.captcha}
                inputRef={ref('captcha')}
              />
            ) : null}
            <div className="field">
              <label className="check">
                <input
                  ref={ref('terms')}
                  type="checkbox"
                  checked={terms}
                  onChange={(event) => {
                    setTerms(event.target.checked);
                    setErrors((prev) => ({ ...prev, terms: undefined }));
                  }}
                  aria-invalid={Boolean(errors.terms)}
                  aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
                />
                <span>{t('auth.register.terms')}</span>
              </label>
              {errors.terms ? (
                <p className="field__error" id={`${id}-terms-error`}>
                  {errors.terms}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label className="check">
                <input
                  ref={ref('adult')}
                  type="checkbox"
                  checked={adult}
                  onChange={(event) => {
                    setAdult(event.target.checked);
                    setErrors((prev) => ({ ...prev, adult: undefined }));
                  }}
                  aria-invalid={Boolean(errors.adult)}
                  aria-describedby={errors.adult ? `${id}-adult-error` : undefined}
                />
                <span>{t('auth.register.adult')}</span>
              </label>
              {errors.adult ? (
                <p className="field__error" id={`${id}-adult-error`}>
                  {errors.adult}
                </p>
              ) : null}
            </div>
          </>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {step < lastStep
              ? t('auth.register.next')
              : pending
                ? t('auth.register.submitting')
                : t('auth.register.submit')}
          </button>
          {twoSteps && step === 2 ? (
            <button type="button" className="button" onClick={() => setStep(1)} disabled={pending}>
              {t('auth.register.back')}
            </button>
          ) : null}
        </div>
        {onLogin ? (
          <p className="auth-form__switch">
            {t('auth.register.haveAccount')}{' '}
            <button type="button" className="link-button" onClick={onLogin}>
              {t('auth.register.login')}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
