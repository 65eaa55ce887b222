import type { ReactNode } from 'react';

/** A form field's label, with the required mark screen readers skip (they hear aria-required). */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
      {required ? (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}
