import { describe, expect, it } from 'vitest';
import { setSiteTimeZone } from '../../../lib/site-time-zone.ts';
import { addDays, applyShortcut, isValidRange, lastDays, today } from './date-range.ts';

describe('agent date range', () => {
  const now = new Date('2026-03-03T04:30:00Z'); // 10:30 on 3 March in Dhaka
  it('counts days in the merchant calendar: 20:00 UTC is already the next day in Dhaka', () => {
    expect(today(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(today(new Date('2026-11-24T20:00:00Z'), 'UTC')).toBe('2026-11-24');
  });
  it('defaults to the site clock, the merchant’s zone, before the agent account says which', () => {
    setSiteTimeZone('America/New_York');
    try {
      expect(today(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-24');
      expect(lastDays(7, new Date('2026-11-25T03:00:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    } finally {
      setSiteTimeZone('Asia/Dhaka');
    }
  });
  it('adds days across month ends and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastDays(7, now)).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });
  it('moves back by 7 or 30 days before the current start', () => {
    const range = { from: '2026-02-25', to: '2026-03-03' };
    expect(applyShortcut('prev7', range, now)).toEqual({ from: '2026-02-18', to: '2026-02-24' });
    expect(applyShortcut('prev30', range, now)).toEqual({ from: '2026-01-26', to: '2026-02-24' });
  });
  it('moves forward by 7 or 30 days, never past today', () => {
    const range = { from: '2026-02-01', to: '2026-02-07' };
    expect(applyShortcut('next7', range, now)).toEqual({ from: '2026-02-08', to: '2026-02-14' });
    expect(applyShortcut('next30', range, now)).toEqual({ from: '2026-02-02', to: '2026-03-03' });
  });
  it('rejects inverted or unreal dates', () => {
    expect(isValidRange({ from: '2026-03-02', to: '2026-03-01' })).toBe(false);
    expect(isValidRange({ from: '2026-02-30', to: '2026-03-01' })).toBe(false);
    expect(isValidRange({ from: '', to: '2026-03-01' })).toBe(false);
    expect(isValidRange({ from: '2026-03-01', to: '2026-03-01' })).toBe(true);
  });
});
