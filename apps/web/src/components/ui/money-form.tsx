import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';
import './money.css';

/**
 * The edit step of a money form (§4): its heading, the last success, the inputs, a form-wide
 * refusal and Continue, which goes to the confirmation (nothing is sent from here).
 */
export function MoneyForm({
  id,
  title,
  success,
  error,
  onReview,
  continueDisabled,
  children,
}: {
  /** Prefix of the heading's id, which names the form. */
  id: string;
  title: string;
  success?: ReactNode;
  error?: string;
  onReview: () => void;
  continueDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The form comes back after its confirmation step scrolled to where Confirm was: on a phone the
  // long deposit form leaves its success above the screen, so bring it into view.
  const successShown = useRef<HTMLParagraphElement>(null);
  const hasSuccess = Boolean(success);
  useEffect(() => {
    if (hasSuccess) successShown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hasSuccess]);
  return (
    <form
      className="form cashier-form"
      onSubmit={(event) => {
        event.preventDefault();
        onReview();
      }}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="cashier-title">
        {title}
      </h2>
      {success ? (
        <p ref={successShown} className="form-alert cashier-success" role="status">
          {success}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={continueDisabled}>
        {t('money.next')}
      </button>
    </form>
  );
}

export interface MoneyChoice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** Shown after the label inside the card (method, range, masked number). */
  detail?: ReactNode;
}

/** One choice among cards (channel, account, direction): radio inputs in a labelled group. */
export function MoneyChoices<V extends string | number>({
  legend,
  name,
  choices,
  selected,
  onSelect,
  error,
}: {
  legend: string;
  name: string;
  choices: readonly MoneyChoice<V>[];
  selected: V | undefined;
  onSelect: (value: V) => void;
  error?: string;
}) {
  return (
    <fieldset className="cashier-channels">
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="cashier-channel" data-selected={choice.value === selected}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === selected}
            onChange={() => onSelect(choice.value)}
          />
          <span className="cashier-channel__name">{choice.label}</span>
          {choice.detail}
        </label>
      ))}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
