import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type BodyOf } from '@khela/contracts';
import { ApiError, call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { formErrors } from './operators-form.ts';
import { useContentText } from './content-text.ts';
import {
  inputOf,
  MERCHANT_INPUTS,
  merchantBody,
  merchantForm,
  type MerchantForm,
  type MerchantSettings,
} from './settings-logic.ts';

const LISTS = new Set(['imageCDNs', 'launchGameCDNs']);

/** Issue 16 item 7: the merchant's site settings (GET/PUT /admin/merchant, audited), read by the site on its next call. */
export function SiteSettings() {
  const query = useQuery({ queryKey: ['settings', 'merchant'], queryFn: () => call(adminEndpoints.merchantGet) });
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed message={query.error.message} onRetry={() => void query.refetch()} />;
  return <SiteForm settings={query.data} />;
}

function SiteForm({ settings }: { settings: MerchantSettings }) {
  const t = useContentText();
  const { t: appT } = useI18n();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<MerchantForm>(() => merchantForm(settings));
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      call(adminEndpoints.merchantUpdate, {
        // A mistyped number goes as typed: the server names its field.
        body: merchantBody(form) as BodyOf<typeof adminEndpoints.merchantUpdate>,
      }),
    onSuccess: (stored) => {
      setConfirming(false);
      setSaved(true);
      setForm(merchantForm(stored));
      queryClient.setQueryData(['settings', 'merchant'], stored);
    },
    onError: (error) => {
      // Field errors belong beside their inputs, not in the dialog.
      if (error instanceof ApiError && error.fields.length > 0) setConfirming(false);
    },
  });
  const failure =
    save.error instanceof ApiError
      ? {
          code: save.error.code,
          message: save.error.message,
          fields: save.error.fields.map((f) => ({ ...f, field: inputOf(f.field) })),
        }
      : save.error;
  const errors = save.isError && !confirming ? formErrors(failure, MERCHANT_INPUTS, appT('app.error')) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    save.reset();
    setConfirming(true);
  };
  return (
    <>
      <form className="settings-form" onSubmit={submit} aria-label={t('settings.site')}>
        {MERCHANT_INPUTS.map((name) => {
          const error = errors?.fields[name];
          const errorId = `site-${name}-error`;
          const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
          const set = (value: string) => setForm({ ...form, [name]: value });
          return (
            <label key={name}>
              {t(`settings.site.${name}`)}
              {name === 'defaultLanguage' ? (
                <select value={form[name]} onChange={(e) => set(e.target.value)} {...described}>
                  <option value="bn">বাংলা</option>
                  <option value="en">English</option>
                </select>
              ) : LISTS.has(name) ? (
                <textarea rows={3} value={form[name]} onChange={(e) => set(e.target.value)} {...described} />
              ) : (
                <input
                  value={form[name]}
                  inputMode={name.startsWith('session') ? 'numeric' : undefined}
                  onChange={(e) => set(e.target.value)}
                  {...described}
                />
              )}
              {error && (
                <span id={errorId} className="error">
                  {error}
                </span>
              )}
            </label>
          );
        })}
        {errors?.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            {t('settings.site.save')}
          </button>
        </div>
        {saved && (
          <p className="notice" role="status">
            {t('settings.site.saved')}
          </p>
        )}
      </form>
      {confirming && (
        <ConfirmDialog
          title={t('settings.site.confirmTitle')}
          consequence={t('settings.site.confirm')}
          confirmLabel={t('settings.site.save')}
          pending={save.isPending}
          error={save.error}
          onConfirm={() => save.mutate()}
          onCancel={() => {
            setConfirming(false);
            save.reset();
          }}
        />
      )}
    </>
  );
}
