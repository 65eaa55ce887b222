import { useCallback, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { loginChallengeSchema, type LoginChallenge, type MemberSession } from '@khela/contracts';
import { CaptchaField } from '../../../components/ui/captcha-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { useCaptcha } from '../../../lib/use-captcha.ts';
import { freePlay } from '../api/free-play.ts';
import { logIn } from '../api/log-in.ts';
import { sendLoginSmsCode } from '../api/send-sms-code.ts';
import { useSmsCode } from '../hooks/use-sms-code.ts';
import { fieldErrorsOf, firstErrorField, type FieldErrors } from '../utils/field-errors.ts';
import { refusalText } from '../utils/refusal.ts';
import { rememberedUsername } from '../utils/remembered-user.ts';
import { startSession, type LoginVia } from '../utils/session.ts';
import { FormTabs } from './form-tabs.tsx';
import { LoginVerification } from './login-verification.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import '../messages.ts';

export type LoginTab = 'username' | 'sms';
type Field = 'username' | 'password' | 'mobileNum' | 'verificationCode' | 'captcha';
const FIELDS: readonly Field[] = ['username', 'password', 'mobileNum', 'verificationCode', 'captcha'];

export interface LoginFormProps {
  /** §2: the SMS tab exists only when MOBILEVERCODELOGIN3 is on. */
  smsLogin: boolean;
  /** FREEPLAY3: the free-play entry (never on the agent form). */
  freePlay?: boolean;
  /** The /agent form: sends `agent: true`, so only agents get in (§6). */
  agent?: boolean;
  /** After the session is stored; `forced` asks for the forced password change (§4). */
  onLoggedIn: (session: MemberSession, forced: boolean) => void;
  onRegister?: () => void;
  onForgotPassword?: () => void;
  /** Before the form sends an agent to the agent centre's log-in (the modal closes). */
  onLeave?: () => void;
}

/**
 * §2/§4 log-in: tabs username and mobile SMS, remember me, the captcha when the server asks for
 * it, field errors under each input, and the unrecognised-IP verification step.
 */
export function LoginForm({ smsLogin, freePlay: offerFreePlay, agent, onLoggedIn, ...links }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<LoginTab>('username');
  const [values, setValues] = useState(() => ({
    username: rememberedUsername(),
    password: '',
    mobileNum: '',
    verificationCode: '',
    captcha: '',
  }));
  const [remember, setRemember] = useState(() => rememberedUsername() !== '');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const captcha = useCaptcha(captchaNeeded);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  /** §8 "non-member cannot log in" for an agent's account: the way on is the agent centre. */
  const [agentRefused, setAgentRefused] = useState(false);
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    username: useRef(null),
    password: useRef(null),
    mobileNum: useRef(null),
    verificationCode: useRef(null),
    captcha: useRef(null),
  };
  const showCaptcha = captchaNeeded && captcha.status !== 'off';

  const update = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (prev[field] || prev.form ? { ...prev, [field]: undefined, form: undefined } : prev));
  };

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    const field = firstErrorField(found, FIELDS);
    if (field) refs[field].current?.focus();
  };

  const sms = useSmsCode(useCallback(() => sendLoginSmsCode(values.mobileNum.trim()), [values.mobileNum]));
  const sendCode = async () => {
    if (!values.mobileNum.trim()) {
      showErrors({ mobileNum: t('auth.errors.mobileRequired') });
      return;
    }
    const result = await sms.sendCode();
    if (result.error) showErrors(fieldErrorsOf(result.error, FIELDS, { mobileNo: 'mobileNum' }));
    else if (result.sent) {
      setErrors({});
      refs.verificationCode.current?.focus();
    }
  };

  const succeed = (session: MemberSession, via: LoginVia) => {
    const forced = startSession(session, via);
    onLoggedIn(session, forced);
  };

  const fail = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'auth.verification_required') {
      const parsed = loginChallengeSchema.safeParse(error.value);
      if (parsed.success) {
        setChallenge(parsed.data);
        return;
      }
    }
    // §4: a failure whose value carries the captcha flag brings the captcha field in.
    const askedForCaptcha = (error.value as { captcha?: unknown } | null)?.captcha === true;
    if (askedForCaptcha || error.code.startsWith('captcha.')) {
      if (captchaNeeded) captcha.refresh();
      setCaptchaNeeded(true);
      setValues((prev) => ({ ...prev, captcha: '' }));
    }
    setAgentRefused(
      !agent && error.code === 'auth.not_member' && (error.value as { agent?: unknown } | null)?.agent === true,
    );
    const aliases = tab === 'sms' ? { username: 'mobileNum', password: 'verificationCode' } : {};
    const found = fieldErrorsOf(error, FIELDS, aliases as Partial<Record<string, Field>>);
    if (found.form !== undefined) {
      found.form =
        refusalText(error, i18n.language) ||
        (error.code === 'client.network' ? t('common.networkError') : t('common.unknownError'));
    }
    showErrors(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const missing: FieldErrors<Field> = {};
    const required = t('auth.errors.required');
    const username = tab === 'username' ? values.username.trim() : values.mobileNum.trim();
    const password = tab === 'username' ? values.password : values.verificationCode.trim();
    if (!username) missing[tab === 'username' ? 'username' : 'mobileNum'] = required;
    if (!password) missing[tab === 'username' ? 'password' : 'verificationCode'] = required;
    if (showCaptcha && !values.captcha.trim()) missing.captcha = t('auth.errors.captchaRequired');
    if (Object.keys(missing).length > 0) {
      showErrors(missing);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const session = await logIn({
        username,
        password,
        type: tab,
        remember: tab === 'username' ? remember : undefined,
        agent: agent || undefined,
        ...(showCaptcha && captcha.captcha
          ? { captcha: values.captcha.trim(), captchaId: captcha.captcha.captchaId }
          : {}),
      });
      succeed(session, tab === 'sms' ? 'sms' : 'password');
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const startFreePlay = async () => {
    if (pending) return;
    setPending(true);
    try {
      succeed(await freePlay(), 'freePlay');
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  if (challenge) {
    return (
      <LoginVerification
        challenge={challenge}
        onVerified={(session) => succeed(session, 'password')}
        onCancel={() => {
          setChallenge(null);
          setValues((prev) => ({ ...prev, password: '' }));
        }}
      />
    );
  }

  const tabs = [
    { id: 'username' as const, label: t('auth.login.tabUsername') },
    ...(smsLogin ? [{ id: 'sms' as const, label: t('auth.login.tabSms') }] : []),
  ];
  const activeTab = smsLogin ? tab : 'username';

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
      <FormTabs
        idBase={id}
        label={t('auth.login.modes')}
        tabs={tabs}
        value={activeTab}
        onChange={(next) => {
          setTab(next);
          setErrors({});
        }}
      />
      <div
        className="auth-form__panel"
        id={`${id}-panel`}
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 1 ? `${id}-tab-${activeTab}` : undefined}
      >
        {errors.form ? (
          <div className="form-alert form-alert--error" role="alert">
            {errors.form}
            {agentRefused ? (
              <p className="auth-form__agent-hint">
                {t('auth.login.agentHint')}{' '}
                <a
                  href="/agent"
                  onClick={(event) => {
                    event.preventDefault();
                    links.onLeave?.();
                    navigateTo('/agent');
                  }}
                >
                  {t('auth.login.agentLink')}
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        {activeTab === 'username' ? (
          <>
            <TextField
              id={`${id}-username`}
              inputRef={refs.username}
              label={agent ? t('auth.fields.agentUsername') : t('auth.fields.username')}
              value={values.username}
              onChange={(v) => update('username', v)}
              error={errors.username}
              required
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={64}
            />
            <TextField
              id={`${id}-password`}
              inputRef={refs.password}
              label={t('auth.fields.password')}
              type="password"
              value={values.password}
              onChange={(v) => update('password', v)}
              error={errors.password}
              required
              autoComplete="current-password"
              maxLength={128}
            />
          </>
        ) : (
          <>
            <TextField
              id={`${id}-mobile`}
              inputRef={refs.mobileNum}
              label={t('auth.fields.mobileNum')}
              type="tel"
              inputMode="numeric"
              value={values.mobileNum}
              onChange={(v) => update('mobileNum', v)}
              error={errors.mobileNum}
              required
              autoComplete="tel-national"
              maxLength={32}
            />
            <TextField
              id={`${id}-code`}
              inputRef={refs.verificationCode}
              label={t('auth.fields.verificationCode')}
              inputMode="numeric"
              value={values.verificationCode}
              onChange={(v) => update('verificationCode', v)}
              error={errors.verificationCode}
              required
              autoComplete="one-time-code"
              maxLength={255}
              addon={
                <SmsCodeButton
                  remaining={sms.remaining}
                  sending={sms.sending}
                  onSend={() => void sendCode()}
                  controls={`${id}-code`}
                />
              }
            />
          </>
        )}
        {showCaptcha ? (
          <CaptchaField
            id={`${id}-captcha`}
            captcha={captcha}
            value={values.captcha}
            onChange={(v) => update('captcha', v)}
            error={errors.captcha}
            inputRef={refs.captcha}
          />
        ) : null}
        {activeTab === 'username' ? (
          <div className="auth-form__row">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              <span>{t('auth.login.remember')}</span>
            </label>
            {links.onForgotPassword ? (
              <button type="button" className="link-button" onClick={links.onForgotPassword}>
                {t('auth.login.forgot')}
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
          {offerFreePlay ? (
            <button type="button" className="button" onClick={() => void startFreePlay()} disabled={pending}>
              {t('auth.login.freePlay')}
            </button>
          ) : null}
        </div>
        {links.onRegister ? (
          <p className="auth-form__switch">
            {t('auth.login.noAccount')}{' '}
            <button type="button" className="link-button" onClick={links.onRegister}>
              {t('auth.login.register')}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
