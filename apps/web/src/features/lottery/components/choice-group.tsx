import { useId, type ReactNode } from 'react';

/**
 * A row of choices of which one is picked (bet type, position, digit, big/small): radio buttons
 * drawn as chips, labelled by the group's legend.
 */
export function ChoiceGroup<V extends string | number>({
  legend,
  value,
  options,
  onChange,
  disabled,
  compact,
}: {
  legend: string;
  value: V | null;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={`lottery-choices${compact ? ' lottery-choices--compact' : ''}`} disabled={disabled}>
      <legend className="lottery-choices__legend">{legend}</legend>
      <div className="lottery-choices__row">
        {options.map((option) => (
          <label key={option.value} className="lottery-chip" data-checked={option.value === value || undefined}>
            <input
              type="radio"
              name={name}
              className="lottery-chip__input"
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
