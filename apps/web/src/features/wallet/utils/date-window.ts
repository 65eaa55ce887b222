import { addDays, siteTimeZone, todayIn } from '../../../lib/site-time-zone.ts';

/** §9 date shortcuts for records: today, the previous 7 days and the previous 30 days (today included). */
export const DATE_SHORTCUTS = ['today', 'last7', 'last30'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const SPAN_DAYS: Record<DateShortcut, number> = { today: 1, last7: 7, last30: 30 };

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
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(SPAN_DAYS[shortcut] - 1)), to };
}
