import { useState, type FormEvent } from 'react';
import { adminEndpoints } from '@khela/contracts';
import { ApiError, call, session } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import type { Operator } from '../app.tsx';

export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (operator: Operator) => void }) {
  const { t, language, setLanguage } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Password right, code still due (ADR 0025): the challenge of the password step, no session yet.
  const [pending, setPending] = useState<{ challenge: string; username: string } | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);

  const finish = async (token: string) => {
    session.set(token);
    onSignedIn(await call(adminEndpoints.me));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      if (pending) {
        const secret = String(form.get('code') ?? '').trim();
        const login = await call(adminEndpoints.totp.login, {
          body: useRecovery
            ? { challenge: pending.challenge, recoveryCode: secret }
            : { challenge: pending.challenge, code: secret },
        });
        await finish(login.token);
        return;
      }
      const username = String(form.get('username') ?? '');
      const login = await call(adminEndpoints.login, {
        body: { username, password: String(form.get('password') ?? '') },
      });
      if ('challenge' in login) setPending({ challenge: login.challenge, username });
      else await finish(login.token);
    } catch (caught) {
      // A challenge that expired starts the log-in again.
      if (caught instanceof ApiError && caught.code === 'operator.totp_challenge_expired') setPending(null);
      setError(caught instanceof ApiError ? caught.message : t('app.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <form className="card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{pending ? t('signIn.codeTitle') : t('signIn.title')}</h1>
        {notice && !pending && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {pending ? (
          <>
            <p>{t('signIn.codeBody', { name: pending.username })}</p>
            <label key={useRecovery ? 'recovery' : 'code'}>
              {useRecovery ? t('security.recoveryCode') : t('security.code')}
              <input
                name="code"
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                pattern={useRecovery ? undefined : '[0-9]{6}'}
                maxLength={useRecovery ? 16 : 6}
                required
                autoFocus
              />
            </label>
            <button type="button" className="link" onClick={() => setUseRecovery(!useRecovery)}>
              {useRecovery ? t('security.useCode') : t('security.useRecovery')}
            </button>
          </>
        ) : (
          <>
            <label>
              {t('signIn.username')}
              <input name="username" autoComplete="username" required maxLength={64} />
            </label>
            <label>
              {t('signIn.password')}
              <input name="password" type="password" autoComplete="current-password" required maxLength={256} />
            </label>
          </>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('signIn.busy') : pending ? t('signIn.verify') : t('signIn.submit')}
        </button>
        {pending && (
          <button
            type="button"
            className="ghost"
            onClick={() => {
              setPending(null);
              setError(null);
            }}
          >
            {t('signIn.back')}
          </button>
        )}
        <button
          type="button"
          className="ghost"
          lang={language === 'bn' ? 'en' : 'bn'}
          title={t('app.languageLabel')}
          onClick={() => setLanguage(language === 'bn' ? 'en' : 'bn')}
        >
          {t('app.language')}
        </button>
      </form>
    </main>
  );
}
