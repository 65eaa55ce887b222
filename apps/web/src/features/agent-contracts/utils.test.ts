import { describe, expect, it } from 'vitest';
import { periodLabel, tierAmount } from './utils.ts';

describe('agent contract labels', () => {
  it('shows day periods as local dates and short periods with times, in the merchant zone', () => {
    expect(
      periodLabel('daily_salary', '2026-02-28T18:00:00.000Z', '2026-03-01T18:00:00.000Z', 'en', 'Asia/Dhaka'),
    ).toBe('1 Mar 2026');
    expect(periodLabel('dividend', '2026-02-28T18:00:00.000Z', '2026-03-31T18:00:00.000Z', 'en', 'Asia/Dhaka')).toBe(
      '1 Mar 2026 – 31 Mar 2026',
    );
    expect(
      periodLabel('hourly_salary', '2026-03-01T17:00:00.000Z', '2026-03-01T18:00:00.000Z', 'en', 'Asia/Dhaka'),
    ).toBe('1 March 2026 at 23:00 GMT+6 – 00:00');
  });

  it('computes what a tier pays at its minimum', () => {
    expect(tierAmount('1000.00', '1.50')).toBe('15.00');
    expect(tierAmount('0.00', '0.50')).toBe('0.00');
    expect(tierAmount('333.33', '0.30')).toBe('0.99');
  });
});
