import { describe, expect, it } from 'vitest';
import { dateWindow } from './date-window.ts';

describe('dateWindow', () => {
  const now = new Date(2026, 2, 3, 10, 30); // 3 March 2026, local time
  it('covers today only', () => {
    expect(dateWindow('today', now)).toEqual({ from: '2026-03-03', to: '2026-03-03' });
  });
  it('covers the previous 7 and 30 days including today, across month ends', () => {
    expect(dateWindow('last7', now)).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(dateWindow('last30', now)).toEqual({ from: '2026-02-02', to: '2026-03-03' });
  });
});
