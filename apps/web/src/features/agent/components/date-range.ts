import { addDays, todayIn } from '../../../lib/site-time-zone.ts';

export { addDays };

/** §9 date shortcuts of the agent centre: move the period back or forward by 7 or 30 days. */
export const RANGE_SHORTCUTS = ['prev7', 'next7', 'prev30', 'next30'] as const;
export type RangeShortcut = (typeof RANGE_SHORTCUTS)[number];

export interface DateRange {
  /** First day, `YYYY-MM-DD`, in the merchant's calendar. */
  from: string;
  /** Last day (included), `YYYY-MM-DD`. */
  to: string;
}

/** Today's date (`YYYY-MM-DD`) in `timeZone` (the site clock's, the merchant's, by default). */
export function today(now: Date = new Date(), timeZone?: string): string {
  return todayIn(timeZone, now);
}

/** The last `days` days up to and including today. */
export function lastDays(days: number, now: Date = new Date(), timeZone?: string): DateRange {
  const to = today(now, timeZone);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * The range a shortcut gives from the current one: `prev7`/`prev30` are the 7/30 days before
 * the current start; `next7`/`next30` the 7/30 days after the current end, never past today
 * (a window that would end in the future ends today instead).
 */
export function applyShortcut(
  shortcut: RangeShortcut,
  current: DateRange,
  now: Date = new Date(),
  timeZone?: string,
): DateRange {
  const span = shortcut.endsWith('30') ? 30 : 7;
  const last = today(now, timeZone);
  if (shortcut.startsWith('prev')) {
    const to = addDays(current.from, -1);
    return { from: addDays(to, -(span - 1)), to };
  }
  const from = addDays(current.to, 1);
  const to = addDays(from, span - 1);
  if (to > last) return { from: addDays(last, -(span - 1)), to: last };
  return { from, to };
}

/** A valid range: both dates real `YYYY-MM-DD` days and `from` ≤ `to`. */
export function isValidRange(range: DateRange): boolean {
  const ok = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  try {
    return ok(range.from) && ok(range.to) && range.from <= range.to;
  } catch {
    return false;
  }
}
