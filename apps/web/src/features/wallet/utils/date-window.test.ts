import { afterEach, describe, expect, it } from 'vitest';
import { setSiteTimeZone } from '../../../lib/site-time-zone.ts';
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

  describe('with a merchant in another zone', () => {
    afterEach(() => setSiteTimeZone('Asia/Dhaka'));
    it('counts the days of the site clock (the merchant’s zone): 20:00 UTC is still today in New York', () => {
      const evening = new Date('2026-11-24T20:00:00Z');
      setSiteTimeZone('America/New_York');
      expect(dateWindow('today', evening)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
      expect(dateWindow('last30', evening)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    });
    it('takes a zone given outright: 19:00 UTC is already tomorrow in Kolkata (+05:30), not yet in UTC', () => {
      const evening = new Date('2026-11-24T19:00:00Z');
      expect(dateWindow('today', evening, 'Asia/Kolkata')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
      expect(dateWindow('today', evening, 'UTC')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    });
  });
});
