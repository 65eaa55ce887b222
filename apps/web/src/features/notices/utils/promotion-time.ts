import { dateFormatOf, gmtOffset } from '../../../lib/format.ts';
import { siteTimeZone } from '../../../lib/site-time-zone.ts';

// Apart from promotion.ts: the home strip's chunk (shared with /promotions) stays small.

/**
 * A time in the site's zone (lib/format.ts: the merchant's) with its GMT offset (issue 3: "times
 * with the GMT offset"): 2025-03-01 18:30 (GMT+6). Digits stay Latin in both languages, like amounts.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    dateFormatOf('en', 'numeric')
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${gmtOffset(date, siteTimeZone())})`;
}
