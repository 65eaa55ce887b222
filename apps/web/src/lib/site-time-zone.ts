import { RECORDS_TIME_ZONE } from '@khela/contracts';

/**
 * One clock for the whole site: every time is shown in the merchant's time zone with its offset,
 * never the device's. The merchant's days are what its records, periods and missions count
 * (ARCHITECTURE §5a; §9 date shortcuts), so a member abroad sees a deposit on the same day as the
 * records list it under, and the member pages, missions and the agent centre agree. The status
 * gate sets it from the merchant's settings before any page renders (Dhaka until then); a module
 * of its own so the first-load chunk does not carry the formatters.
 */
let siteZone: string = RECORDS_TIME_ZONE;

export function siteTimeZone(): string {
  return siteZone;
}

/** Sets the site's zone; a name the browser does not know keeps the last one. */
export function setSiteTimeZone(zone: string): void {
  if (zone === siteZone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    siteZone = zone;
  } catch {
    // RangeError: not an IANA zone this browser knows.
  }
}

/** Today (`YYYY-MM-DD`) in `timeZone`: the site clock's, the merchant's, unless told. */
export function todayIn(timeZone: string = siteTimeZone(), now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const DAY_MS = 86_400_000;

/** `day` moved by `days` whole days (noon UTC arithmetic: no clock change shifts the date). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
