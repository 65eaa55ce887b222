import type { SelectHTMLAttributes } from 'react';

export interface FilterOption {
  value: string | number;
  label: string;
}

/** A list filter: a labelled select whose first choice ('' = any) lifts the filter. */
export function FilterSelect({
  label,
  anyLabel,
  options,
  ...select
}: { label: string; anyLabel: string; options: readonly FilterOption[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="inline">
      {label}
      <select {...select}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
