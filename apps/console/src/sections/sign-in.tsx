import { useState, type FormEvent } from 'react';
import { adminEndpoints } from '@khela/contracts';
import { ApiError, call, session } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import type { Operator } from '../app.tsx';

export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (operator: Operator) => void }) {
  const { t, language, setLanguage } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const login = await call(adminEndpoints.login, {
        body: { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') },
      });
      session.set(login.token);
      onSignedIn(await call(adminEndpoints.me));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <form className="card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <label>
          {t('signIn.username')}
          <input name="username" autoComplete="username" required maxLength={64} />
        </label>
        <label>
          {t('signIn.password')}
          <input name="password" type="password" autoComplete="current-password" required maxLength={256} />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
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
