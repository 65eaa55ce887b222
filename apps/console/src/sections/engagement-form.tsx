import {
  useId,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { useI18n } from '../i18n.tsx';
import type { MessageKey } from '../locales/en.ts';
import { listOf, toLocalInput, type FormValues } from './engagement-logic.ts';

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
    /** The values of a checkbox group's ticked boxes, in the form's order. */
    list: (name: string) => data.getAll(name).map(String),
  };
}

interface InputSpec {
  kind: 'text' | 'url' | 'number' | 'decimal' | 'datetime';
  name: string;
  label: MessageKey;
  hint?: MessageKey | undefined;
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
}

/**
 * One input of a field-spec form, named as the API's field (`rewardAmount`, `title.en`,
 * `milestones.0.target`) so the server's field errors land beside it. `label` and `hint` are keys.
 */
export type FieldSpec =
  | InputSpec
  /** The same text in English and Bengali: `<name>.en` and `<name>.bn`. */
  | { kind: 'localized'; name: string; label: MessageKey; maxLength: number }
  /** Title and rich-text body in both languages (`title.en`, `body.bn`). */
  | { kind: 'copy'; bodyLabel: MessageKey; bodyRequired?: boolean }
  | {
      kind: 'select';
      name: string;
      label: MessageKey;
      options: readonly { value: string; label: string }[];
      /** A select that changes which other fields show is controlled by its owner. */
      value?: string;
      onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
    }
  | { kind: 'check'; name: string; label: MessageKey }
  /** A checkbox group sent as a list of the ticked values (`name`); ticked at first: `<name>.<i>` of the values. */
  | {
      kind: 'checks';
      name: string;
      legend: MessageKey;
      hint?: MessageKey;
      options: readonly { value: string; label: string }[];
    }
  /** A legend over its fields; `error` names a code's field shown under the legend. */
  | { kind: 'group'; legend: MessageKey; error?: string; fields: readonly FieldSpec[] }
  /** Repeated rows (`<name>.<i>.<column>`), each with a remove button, and an add button under them. */
  | {
      kind: 'rows';
      name: string;
      legend: MessageKey;
      rowLabel: MessageKey;
      count: number;
      min: number;
      max: number;
      columns: readonly InputSpec[];
      onCount: (count: number) => void;
    };

/** Renders field specs with one loop: defaults from `values` (flat, by field name), errors from the server. */
export function SpecFields({
  specs,
  values,
  errors,
}: {
  specs: readonly FieldSpec[];
  values: FormValues;
  errors: FormErrors;
}) {
  const { t } = useI18n();
  const text = (name: string) => (values[name] === null || values[name] === undefined ? '' : String(values[name]));
  const formId = useId();
  const render = (spec: FieldSpec, key: string): ReactNode => {
    switch (spec.kind) {
      case 'text':
      case 'url':
      case 'number':
      case 'decimal':
      case 'datetime':
        return (
          <Field
            key={key}
            label={t(spec.label)}
            name={spec.name}
            type={
              { text: 'text', url: 'url', number: 'number', decimal: 'text', datetime: 'datetime-local' }[spec.kind]
            }
            inputMode={spec.kind === 'decimal' ? 'decimal' : undefined}
            required={spec.required}
            min={spec.min}
            max={spec.max}
            maxLength={spec.maxLength}
            hint={spec.hint && t(spec.hint)}
            defaultValue={spec.kind === 'datetime' ? toLocalInput(text(spec.name)) : text(spec.name)}
            errors={errors}
          />
        );
      case 'localized':
        return (['en', 'bn'] as const).map((lang) => (
          <Field
            key={`${key}.${lang}`}
            label={`${t(spec.label)} (${t(`engagement.in.${lang}`)})`}
            name={`${spec.name}.${lang}`}
            lang={lang}
            maxLength={spec.maxLength}
            required
            defaultValue={text(`${spec.name}.${lang}`)}
            errors={errors}
          />
        ));
      case 'copy':
        return (
          <LocalizedCopy
            key={key}
            errors={errors}
            title={{ en: text('title.en'), bn: text('title.bn') }}
            body={{ en: text('body.en'), bn: text('body.bn') }}
            bodyLabel={t(spec.bodyLabel)}
            bodyRequired={spec.bodyRequired}
          />
        );
      case 'select':
        return (
          <SelectField
            key={key}
            label={t(spec.label)}
            name={spec.name}
            errors={errors}
            options={spec.options}
            {...(spec.onChange
              ? { value: spec.value, onChange: spec.onChange }
              : { defaultValue: text(spec.name) || spec.options[0]?.value })}
          />
        );
      case 'check':
        return (
          <CheckField key={key} label={t(spec.label)} name={spec.name} defaultChecked={values[spec.name] === true} />
        );
      case 'checks': {
        const ticked = listOf(values, spec.name);
        const hintId = `${formId}${key}-hint`;
        return (
          <fieldset key={key} className="check-group" aria-describedby={spec.hint && hintId}>
            <legend>{t(spec.legend)}</legend>
            {spec.hint && (
              <span id={hintId} className="hint">
                {t(spec.hint)}
              </span>
            )}
            <GroupError errors={errors} name={spec.name} />
            <div className="checks">
              {spec.options.map((option) => (
                <label key={option.value} className="inline">
                  <input
                    type="checkbox"
                    name={spec.name}
                    value={option.value}
                    defaultChecked={ticked.includes(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }
      case 'group':
        return (
          <fieldset key={key}>
            <legend>{t(spec.legend)}</legend>
            {spec.error && <GroupError errors={errors} name={spec.error} />}
            {spec.fields.map((field, i) => render(field, `${key}.${i}`))}
          </fieldset>
        );
      case 'rows':
        return (
          <fieldset key={key}>
            <legend>{t(spec.legend)}</legend>
            <GroupError errors={errors} name={spec.name} />
            {Array.from({ length: spec.count }, (_, row) => (
              <fieldset key={row} className="spec-row">
                <legend>{t(spec.rowLabel, { n: row + 1 })}</legend>
                {spec.columns.map((column) =>
                  render({ ...column, name: `${spec.name}.${row}.${column.name}` }, `${key}.${row}.${column.name}`),
                )}
                {spec.count > spec.min && row === spec.count - 1 && (
                  <button type="button" onClick={() => spec.onCount(spec.count - 1)}>
                    {t('engagement.removeRow', { n: row + 1 })}
                  </button>
                )}
              </fieldset>
            ))}
            {spec.count < spec.max && (
              <button type="button" onClick={() => spec.onCount(spec.count + 1)}>
                {t('engagement.addRow')}
              </button>
            )}
          </fieldset>
        );
    }
  };
  return <>{specs.map((spec, i) => render(spec, String(i)))}</>;
}

/** A whole create/edit form from field specs: the inputs, the form's error and its buttons. */
export function SpecForm({
  specs,
  values,
  errors,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  specs: readonly FieldSpec[];
  values: FormValues;
  errors: FormErrors;
  pending: boolean;
  submitLabel: string;
  onSubmit: (form: ReturnType<typeof readerOf>) => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(readerOf(event.currentTarget));
  };
  return (
    <form onSubmit={submit} noValidate className="engagement-form">
      <SpecFields specs={specs} values={values} errors={errors} />
      <FormActions errors={errors} pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** The title search above an engagement list: what it submits is the trimmed text, or nothing. */
export function TitleSearch({
  value,
  maxLength,
  onSearch,
  label = 'engagement.searchTitle',
}: {
  value: string;
  maxLength: number;
  onSearch: (q: string | undefined) => void;
  /** What is searched: a title unless another text is named. */
  label?: MessageKey;
}) {
  const { t } = useI18n();
  return (
    <form
      role="search"
      aria-label={t(label)}
      className="inline"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined);
      }}
    >
      <label className="inline">
        {t(label)}
        <input name="q" type="search" maxLength={maxLength} defaultValue={value} />
      </label>
      <button type="submit">{t('engagement.search')}</button>
    </form>
  );
}
