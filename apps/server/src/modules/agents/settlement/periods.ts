import type { ContractKind, DividendPeriod } from '@khela/contracts';

/**
 * Settlement periods (issue 13 item 4, §4), as [start, end) instants:
 * - real-time salary: 5-minute slots (UTC clock, the same everywhere);
 * - hourly salary: UTC hours (member_hourly_stats keeps UTC hours);
 * - daily salary and the dividend periods: calendar days, Monday-first weeks, the 1st–15th and
 *   16th–last halves of a month, and months, in the merchant's time zone.
 * A contract is paid for the full periods that start at or after it became active.
 */
export type PeriodUnit = 'five_minutes' | 'hour' | DividendPeriod;

export interface Period {
  start: Date;
  end: Date;
  /** Local calendar days [fromDay, toDay) for day-based periods (YYYY-MM-DD). */
  fromDay?: string;
  toDay?: string;
}

const MINUTE = 60_000;

export function unitOf(kind: ContractKind, period?: DividendPeriod): PeriodUnit {
  if (kind === 'realtime_salary') return 'five_minutes';
  if (kind === 'hourly_salary') return 'hour';
  if (kind === 'daily_salary') return 'Daily';
  return period ?? 'Monthly';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, at: Date) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(zone: string, at: Date): number {
  const p = partsIn(zone, at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant local midnight of a calendar date begins in the zone. */
export function zonedMidnight(zone: string, year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  let at = guess - offsetAt(zone, new Date(guess));
  at = guess - offsetAt(zone, new Date(at));
  return new Date(at);
}

/** A calendar date as YYYY-MM-DD (month may overflow: Date.UTC normalises it). */
function dayText(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}
function splitDay(text: string): [number, number, number] {
  const [y, m, d] = text.split('-').map(Number);
  return [y!, m!, d!];
}

/** The local date an instant falls on. */
export function localDay(zone: string, at: Date): string {
  const p = partsIn(zone, at);
  return dayText(p.year, p.month, p.day);
}

/** The day-based period that starts on a local date (which must be a period start) → its end date. */
function nextDayBoundary(unit: DividendPeriod, from: string): string {
  const [y, m, d] = splitDay(from);
  switch (unit) {
    case 'Daily':
      return dayText(y, m, d + 1);
    case 'Weekly':
      return dayText(y, m, d + 7);
    case 'Semimonthly':
      return d < 16 ? dayText(y, m, 16) : dayText(y, m + 1, 1);
    case 'Monthly':
      return dayText(y, m + 1, 1);
  }
}

/** The first period start (local date) at or after a local date. */
function firstDayBoundary(unit: DividendPeriod, onOrAfter: string): string {
  const [y, m, d] = splitDay(onOrAfter);
  switch (unit) {
    case 'Daily':
      return onOrAfter;
    case 'Weekly': {
      const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
      return weekday === 0 ? onOrAfter : dayText(y, m, d + 7 - weekday);
    }
    case 'Semimonthly':
      return d === 1 || d === 16 ? onOrAfter : d < 16 ? dayText(y, m, 16) : dayText(y, m + 1, 1);
    case 'Monthly':
      return d === 1 ? onOrAfter : dayText(y, m + 1, 1);
  }
}

/** The first period that starts at or after `from`. */
export function firstPeriodFrom(unit: PeriodUnit, zone: string, from: Date): Period {
  if (unit === 'five_minutes' || unit === 'hour') {
    const size = unit === 'hour' ? 60 * MINUTE : 5 * MINUTE;
    const start = Math.ceil(from.getTime() / size) * size;
    return { start: new Date(start), end: new Date(start + size) };
  }
  let day = localDay(zone, from);
  const [y, m, d] = splitDay(day);
  if (zonedMidnight(zone, y, m, d).getTime() < from.getTime()) day = dayText(y, m, d + 1);
  return dayPeriod(unit, zone, firstDayBoundary(unit, day));
}

function dayPeriod(unit: DividendPeriod, zone: string, fromDay: string): Period {
  const toDay = nextDayBoundary(unit, fromDay);
  return {
    start: zonedMidnight(zone, ...splitDay(fromDay)),
    end: zonedMidnight(zone, ...splitDay(toDay)),
    fromDay,
    toDay,
  };
}

/** The period after `period`. */
export function nextPeriod(unit: PeriodUnit, zone: string, period: Period): Period {
  if (period.toDay && unit !== 'five_minutes' && unit !== 'hour') return dayPeriod(unit, zone, period.toDay);
  const size = period.end.getTime() - period.start.getTime();
  return { start: period.end, end: new Date(period.end.getTime() + size) };
}

/** The period that starts exactly at `start` (for an operator's hold or re-run), or null if none does. */
export function periodStartingAt(unit: PeriodUnit, zone: string, start: Date): Period | null {
  const period = firstPeriodFrom(unit, zone, start);
  return period.start.getTime() === start.getTime() ? period : null;
}
