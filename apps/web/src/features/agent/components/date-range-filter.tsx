import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyShortcut, isValidRange, RANGE_SHORTCUTS, today, type DateRange } from './date-range.ts';
import './agent-ui.css';
import './messages.ts';

/**
 * The agent centre's period filter: two date fields (from, to) and the §9 shortcuts (previous or
 * next 7 or 30 days). Calls `onChange` only with a valid range; an inverted one is flagged.
 */
export function DateRangeFilter({
  value,
  onChange,
  timeZone,
  children,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The merchant's time zone (default: the site clock's). */
  timeZone?: string;
  /** More filters shown in the same group (e.g. a downline field). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const max = today(new Date(), timeZone);
  const set = (next: DateRange) => {
    if (isValidRange(next)) onChange(next);
  };
  return (
    <div className="agent-filter" role="group" aria-label={t('agentUi.dateRange.group')}>
      <div className="agent-filter__dates">
        <label className="agent-filter__field" htmlFor={`${id}-from`}>
          <span>{t('agentUi.dateRange.from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            value={value.from}
            max={value.to}
            onChange={(e) => set({ from: e.target.value, to: value.to })}
          />
        </label>
        <label className="agent-filter__field" htmlFor={`${id}-to`}>
          <span>{t('agentUi.dateRange.to')}</span>
          <input
            id={`${id}-to`}
            type="date"
            value={value.to}
            min={value.from}
            max={max}
            onChange={(e) => set({ from: value.from, to: e.target.value })}
          />
        </label>
        {children}
      </div>
      <div className="agent-filter__shortcuts" role="group" aria-label={t('agentUi.dateRange.shortcuts')}>
        {RANGE_SHORTCUTS.map((s) => (
          <button
            key={s}
            type="button"
            className="button"
            disabled={s.startsWith('next') && value.to >= max}
            onClick={() => set(applyShortcut(s, value, new Date(), timeZone))}
          >
            {t(`agentUi.dateRange.${s}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
