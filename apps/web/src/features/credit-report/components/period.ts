import { addDays, todayIn } from '../../../lib/site-time-zone.ts';

/** The credit report's date shortcuts, as the agent reports offer them. */
export const PERIODS = ['today', 'yesterday', 'last7', 'last30'] as const;
export type Period = (typeof PERIODS)[number];

/** The window of a shortcut, in the merchant's calendar. */
export function windowOf(period: Period, timeZone?: string, now: Date = new Date()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}
