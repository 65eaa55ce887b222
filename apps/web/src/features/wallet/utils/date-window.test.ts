import { describe, expect, it } from 'vitest';
import { dateWindow } from './date-window.ts';

describe('dateWindow', () => {
  const now = new Date('2026-03-03T04:30:00Z'); // 10:30 on 3 March in Dhaka
  it('covers today only', () => {
    expect(dateWindow('today', now)).toEqual({ from: '2026-03-03', to: '2026-03-03' });
  });
  it('covers the previous 7 and 30 days including today, across month ends', () => {
    expect(dateWindow('last7', now)).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(dateWindow('last30', now)).toEqual({ from: '2026-02-02', to: '2026-03-03' });
  });
  it('counts days in the records’ calendar, not the device’s: 20:00 UTC is already tomorrow in Dhaka', () => {
    const evening = new Date('2026-11-24T20:00:00Z');
    expect(dateWindow('today', evening)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(dateWindow('last7', evening)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });
});
