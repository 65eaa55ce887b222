import { dateFormatOf, formatDateTime } from '../../../lib/format.ts';

/** The publication-time formatter of a language; AnnouncementPopups makes it before a popup renders. */
export function timeFormatOf(language: string): Intl.DateTimeFormat {
  return dateFormatOf(language, 'short');
}

/** A publication time in the UI language and the site's zone, with its GMT offset (issue 3). */
export function formatTime(iso: string, language: string): string {
  return formatDateTime(iso, language, undefined, 'short');
}
