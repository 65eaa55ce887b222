import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AmountCheck } from '../../lib/amount-input.ts';
import { formatAmount } from '../../lib/format.ts';
import './money.css';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
}

/** The amount row of a confirmation: the checked amount in the form's currency (§9 formatting). */
export function amountRow(t: TFunction, checked: AmountCheck, currency: string): ConfirmRow {
  return { label: t('money.amountLabel'), value: `${formatAmount(checked.ok ? checked.minor : 0n)} ${currency}` };
}

/**
 * The confirmation step before money moves (§4): what will happen, then Back or Confirm. The
 * heading takes focus so screen readers announce the step; Confirm is disabled while pending.
 */
export function MoneyConfirm({
  title,
  rows,
  note,
  pending,
  error,
  confirmLabel,
  onBack,
  onConfirm,
  children,
}: {
  title: string;
  rows: ConfirmRow[];
  note?: string;
  pending: boolean;
  error?: string;
  confirmLabel?: string;
  onBack: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="money-confirm" aria-labelledby="money-confirm-title">
      <h3 id="money-confirm-title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <dl className="money-confirm__rows">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="money-confirm__note">{note}</p> : null}
      {children}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="money-actions">
        <button type="button" className="button" onClick={onBack} disabled={pending}>
          {t('money.back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? t('money.sending') : (confirmLabel ?? t('common.confirm'))}
        </button>
      </div>
    </section>
  );
}
