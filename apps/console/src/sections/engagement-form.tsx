import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useI18n } from '../i18n.tsx';

/** Errors of one form: by the API's field name, and the rest above the buttons. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}
export const NO_ERRORS: FormErrors = { fields: {}, form: null };

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="error">
      {message}
    </span>
  ) : null;
}

/** A labelled input named as the API's field, with its hint and the server's error beside it. */
export function Field({
  label,
  name,
  errors,
  hint,
  ...input
}: { label: string; name: string; errors: FormErrors; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const error = errors.fields[name];
  return (
    <label>
      {label}
      <input
        name={name}
        aria-invalid={!!error}
        aria-describedby={[hint ? `${id}-h` : '', error ? `${id}-e` : ''].join(' ').trim() || undefined}
        {...input}
      />
      {hint && (
        <span id={`${id}-h`} className="hint">
          {hint}
        </span>
      )}
      <ErrorText id={`${id}-e`} message={error} />
    </label>
  );
}

export function SelectField({
  label,
  name,
  errors,
  options,
  ...select
}: {
  label: string;
  name: string;
  errors: FormErrors;
  options: readonly { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const error = errors.fields[name];
  return (
    <label>
      {label}
      <select name={name} aria-invalid={!!error} aria-describedby={error ? id : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={id} message={error} />
    </label>
  );
}

export function CheckField({ label, name, defaultChecked }: { label: string; name: string; defaultChecked: boolean }) {
  return (
    <label className="inline">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}

/** A group's error (a code the server gives for several inputs together), shown under its legend. */
export function GroupError({ errors, name }: { errors: FormErrors; name: string }) {
  return errors.fields[name] ? (
    <p className="error" role="alert">
      {errors.fields[name]}
    </p>
  ) : null;
}

/** Title and rich-text body in English and Bengali, as the API takes them (`title.en`, `body.bn`). */
export function LocalizedCopy({
  errors,
  title,
  body,
  bodyLabel,
  bodyRequired = false,
}: {
  errors: FormErrors;
  title?: { bn: string; en: string };
  body?: { bn: string; en: string };
  bodyLabel: string;
  bodyRequired?: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      {(['en', 'bn'] as const).map((lang) => (
        <fieldset key={lang}>
          <legend>{t(`engagement.in.${lang}`)}</legend>
          <Field
            label={t('engagement.messageTitle')}
            name={`title.${lang}`}
            lang={lang}
            maxLength={200}
            required
            defaultValue={title?.[lang] ?? ''}
            errors={errors}
          />
          <TextAreaField
            label={bodyLabel}
            name={`body.${lang}`}
            lang={lang}
            required={bodyRequired}
            defaultValue={body?.[lang] ?? ''}
            errors={errors}
          />
        </fieldset>
      ))}
      <span className="hint">{t('engagement.bodyHint')}</span>
    </>
  );
}

function TextAreaField({
  label,
  name,
  errors,
  lang,
  required,
  defaultValue,
}: {
  label: string;
  name: string;
  errors: FormErrors;
  lang: string;
  required: boolean;
  defaultValue: string;
}) {
  const id = useId();
  const error = errors.fields[name];
  return (
    <label>
      {label}
      <textarea
        name={name}
        lang={lang}
        rows={3}
        maxLength={20_000}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={!!error}
        aria-describedby={error ? id : undefined}
      />
      <ErrorText id={id} message={error} />
    </label>
  );
}

/** The buttons under a create/edit form, with the form's own error above them. */
export function FormActions({
  errors,
  pending,
  submitLabel,
  onCancel,
}: {
  errors: FormErrors;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <>
      {errors.form && (
        <p className="error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={pending}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('dialog.cancel')}
        </button>
      </div>
    </>
  );
}

/** Reads a submitted form by the API's field names. */
export function readerOf(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    text: (name: string) => String(data.get(name) ?? ''),
    checked: (name: string) => data.get(name) === 'on',
  };
}
