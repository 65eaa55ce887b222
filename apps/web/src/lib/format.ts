import { formatMinor, parseMinor } from '@khela/money';

/**
 * §9: amounts with 2 decimals and thousands separators. Takes minor units (bigint) or the wire
 * form, a decimal string ("1250.5"); no float ever touches the amount. Text that is not an
 * amount gives '' rather than a wrong figure.
 */
export function formatAmount(amount: bigint | string): string {
  if (typeof amount === 'bigint') return formatMinor(amount);
  try {
    return formatMinor(parseMinor(amount));
  } catch {
    return '';
  }
}

/** The user's GMT offset for `date`: "GMT+6", "GMT+5:30", "GMT-3", "GMT+0". */
export function gmtOffset(date: Date = new Date(), timeZone?: string): string {
  let minutes: number;
  if (timeZone) {
    // The offset of another zone: its wall-clock time read as UTC, minus the real UTC instant.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(date)
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<string, number>;
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
    minutes = Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  } else {
    minutes = -date.getTimezoneOffset();
  }
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * A date and time in the UI language followed by the GMT offset it is shown in (issue 3: times
 * with the GMT offset), e.g. "20 November 2026, 23:43 GMT+6". '' for a value that is not a date.
 */
export function formatDateTime(value: string | number | Date, language: string, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text} ${gmtOffset(date, timeZone)}`;
}
