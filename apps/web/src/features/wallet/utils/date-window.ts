/** §9 date shortcuts for records: today, the previous 7 days and the previous 30 days (today included). */
export const DATE_SHORTCUTS = ['today', 'last7', 'last30'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const SPAN_DAYS: Record<DateShortcut, number> = { today: 1, last7: 7, last30: 30 };

function day(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The `from`/`to` days (`YYYY-MM-DD`, the member's calendar) a shortcut stands for. */
export function dateWindow(shortcut: DateShortcut, now: Date = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (SPAN_DAYS[shortcut] - 1));
  return { from: day(start), to: day(now) };
}
