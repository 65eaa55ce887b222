import { formatMinor, parseMinor } from '@khela/money';
import { siteTimeZone } from './site-time-zone.ts';

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

const STYLES = {
  /** "20 November 2026 at 23:43": records, cashier lists, missions. */
  long: { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** "20 Nov 2026, 23:43": compact lists (announcements, point redemptions). */
  short: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** "20 Nov, 23:43": a start within the coming days (match cards). */
  noYear: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** Digits only, read in parts (promotion cards write "2026-11-20 23:43"). */
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** "20 November 2026": a day is enough (articles). */
  day: { year: 'numeric', month: 'long', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeStyle = keyof typeof STYLES;

/**
 * One formatter per language, style and zone, made once: the first Intl.DateTimeFormat of a
 * language loads ICU's data for it, ~12 ms of main thread on a fast machine (issue 11).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormatOf(
  language: string,
  style: TimeStyle,
  timeZone: string = siteTimeZone(),
): Intl.DateTimeFormat {
  const key = `${language}|${style}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', { ...STYLES[style], timeZone });
    formatters.set(key, format);
  }
  return format;
}

/**
 * A date and time in the UI language followed by the GMT offset it is shown in (issue 3: times
 * with the GMT offset), e.g. "20 November 2026 at 23:43 GMT+6", in the site's zone unless another
 * is given; a `day` is the date alone. '' for a value that is not a date.
 */
export function formatDateTime(
  value: string | number | Date,
  language: string,
  timeZone: string = siteTimeZone(),
  style: TimeStyle = 'long',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = dateFormatOf(language, style, timeZone).format(date);
  return style === 'day' ? text : `${text} ${gmtOffset(date, timeZone)}`;
}
