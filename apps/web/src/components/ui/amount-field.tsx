import type { TFunction } from 'i18next';
import { formatAmount } from '../../lib/format.ts';
import type { AmountBounds, AmountProblem } from '../../lib/amount-input.ts';
import { TextField } from './text-field.tsx';

/** The message for an amount refused in the browser, with the bounds it broke (§9 formatting). */
export function amountProblemMessage(t: TFunction, problem: AmountProblem, bounds: AmountBounds = {}): string {
  return t(`money.amount.${problem}`, {
    min: bounds.min ? formatAmount(bounds.min) : '',
    max: bounds.max ? formatAmount(bounds.max) : '',
    balance: bounds.balance ? formatAmount(bounds.balance) : '',
  });
}

/** The hint under an amount field with a range: "min – max currency" (§9 formatting). */
export function rangeHint(t: TFunction, bounds: { min: string; max: string }, currency: string): string {
  return t('money.range', { min: formatAmount(bounds.min), max: formatAmount(bounds.max), currency });
}

/** An amount input: decimal keyboard on phones, the currency and range as its hint. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      required
      disabled={disabled}
    />
  );
}
