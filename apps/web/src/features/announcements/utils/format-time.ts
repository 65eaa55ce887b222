/**
 * One formatter per language, made once: the first Intl.DateTimeFormat of a language loads ICU's
 * data for it, ~12 ms of main thread on a fast machine (issue 11: total blocking time).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The publication-time formatter of a language; AnnouncementPopups makes it before a popup renders. */
export function timeFormatOf(language: string): Intl.DateTimeFormat {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'shortOffset',
    });
    formatters.set(language, format);
  }
  return format;
}

/** A publication time in the UI language, with its GMT offset (issue 3: times with the offset). */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return timeFormatOf(language).format(date);
}
