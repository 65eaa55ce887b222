/** The merchant's offset from GMT at `at`, e.g. "GMT+06:00" (GMT+00:00 for UTC). */
export function gmtOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') return 'GMT+00:00';
    return part;
  } catch {
    return 'GMT+00:00';
  }
}

/** The wall-clock date and time in the merchant's zone: "2026-11-26 18:30:05". */
export function clockText(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
  } catch {
    return at.toISOString().slice(0, 19).replace('T', ' ');
  }
}

/** A time from the server shown in the merchant's zone, or null for none. */
export function shownTime(iso: string | null | undefined, timeZone: string): string | null {
  return iso ? clockText(timeZone, new Date(iso)) : null;
}
