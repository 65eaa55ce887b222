import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldLabel } from './field-label.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input (§8: field errors under each input). */
  error?: string;
  hint?: ReactNode;
  /** A button beside the input (e.g. "send code"). */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its error under it, for the shared form styles (form.css). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  addon,
  inputRef,
  required,
  ...input
}: TextFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      ref={inputRef}
      id={id}
      className="field__control"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-required={required || undefined}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {addon ? (
        <div className="field__row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
