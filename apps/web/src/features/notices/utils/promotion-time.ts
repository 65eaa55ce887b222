// Apart from promotion.ts: the home strip's chunk (shared with /promotions) stays small.
const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A time in the viewer's zone with its GMT offset (issue 3: "times with the GMT offset"):
 * 2025-03-01 18:30 (GMT+06:00). Digits stay Latin in both languages, like amounts.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${day} ${time} (GMT${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)})`;
}
