import { describe, expect, it } from 'vitest';
import { clockText, gmtOffset, shownTime } from './clock.ts';

describe('agent header clock', () => {
  const at = new Date('2026-11-26T18:30:05Z');
  it('shows the merchant zone offset from GMT', () => {
    expect(gmtOffset('Asia/Dhaka', at)).toBe('GMT+06:00');
    expect(gmtOffset('Asia/Kolkata', at)).toBe('GMT+05:30');
    expect(gmtOffset('UTC', at)).toBe('GMT+00:00');
    expect(gmtOffset('America/New_York', at)).toBe('GMT-05:00');
    expect(gmtOffset('Not/AZone', at)).toBe('GMT+00:00');
  });
  it('shows the wall clock in that zone, crossing midnight', () => {
    expect(clockText('Asia/Dhaka', at)).toBe('2026-11-27 00:30:05');
    expect(clockText('UTC', at)).toBe('2026-11-26 18:30:05');
    expect(shownTime(null, 'UTC')).toBeNull();
    expect(shownTime('2026-01-01T00:00:00Z', 'Asia/Dhaka')).toBe('2026-01-01 06:00:00');
  });
});
