import { siteTimeZone } from '../../../lib/site-time-zone.ts';

/** §9 date shortcuts for records: today, the previous 7 days and the previous 30 days (today included). */
export const DATE_SHORTCUTS = ['today', 'last7', 'last30'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const SPAN_DAYS: Record<DateShortcut, number> = { today: 1, last7: 7, last30: 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The `from`/`to` days (`YYYY-MM-DD`) a shortcut stands for, counted in the merchant's calendar
 * (the site clock, siteTimeZone) rather than the device's: the server reads the days in the
 * merchant's zone too, so "today" is the same day for both, wherever the member is.
 */
export function dateWindow(
  shortcut: DateShortcut,
  now: Date = new Date(),
  timeZone: string = siteTimeZone(),
): { from: string; to: string } {
  // en-CA writes dates as YYYY-MM-DD.
  const to = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  // Whole days back from that day's noon (UTC): no clock change can shift the calendar day.
  const start = new Date(Date.parse(`${to}T12:00:00Z`) - (SPAN_DAYS[shortcut] - 1) * DAY_MS);
  return { from: start.toISOString().slice(0, 10), to };
}
