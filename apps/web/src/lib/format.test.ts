import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime as promotionTime } from '../features/notices/utils/promotion-time.ts';
import { formatAmount, formatDateTime, gmtOffset } from './format.ts';
import { setSiteTimeZone, siteTimeZone } from './site-time-zone.ts';

describe('formatAmount (§9: 2 decimals, thousands separators)', () => {
  it('formats minor units', () => {
    expect(formatAmount(123456789n)).toBe('1,234,567.89');
    expect(formatAmount(5n)).toBe('0.05');
    expect(formatAmount(-100000n)).toBe('-1,000.00');
  });

  it('formats the wire form without touching floats', () => {
    expect(formatAmount('1250.5')).toBe('1,250.50');
    expect(formatAmount('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
    expect(formatAmount('0')).toBe('0.00');
  });

  it('refuses text that is not an amount', () => {
    expect(formatAmount('12.345')).toBe('');
    expect(formatAmount('abc')).toBe('');
  });
});

describe('gmtOffset', () => {
  const instant = new Date('2026-07-01T12:00:00Z');
  it('names whole, half-hour and negative offsets', () => {
    expect(gmtOffset(instant, 'Asia/Dhaka')).toBe('GMT+6');
    expect(gmtOffset(instant, 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(gmtOffset(instant, 'America/Sao_Paulo')).toBe('GMT-3');
    expect(gmtOffset(instant, 'UTC')).toBe('GMT+0');
  });

  it('follows daylight saving time', () => {
    expect(gmtOffset(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('GMT+1');
    expect(gmtOffset(new Date('2026-01-15T12:00:00Z'), 'Europe/London')).toBe('GMT+0');
  });

  it('defaults to the zone of the device', () => {
    const minutes = -instant.getTimezoneOffset();
    const expected = `GMT${minutes < 0 ? '-' : '+'}${Math.floor(Math.abs(minutes) / 60)}`;
    expect(gmtOffset(instant).startsWith(expected)).toBe(true);
  });
});

describe('formatDateTime (times with the GMT offset)', () => {
  const iso = '2026-11-20T17:43:00Z';
  it('writes the time in English with the offset', () => {
    expect(formatDateTime(iso, 'en', 'Asia/Dhaka')).toBe('20 November 2026 at 23:43 GMT+6');
  });

  it('writes the time in Bengali digits and month names', () => {
    const text = formatDateTime(iso, 'bn', 'Asia/Dhaka');
    expect(text).toContain('নভেম্বর');
    expect(text).toContain('২৩:৪৩');
    expect(text.endsWith('GMT+6')).toBe(true);
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe("one clock for the site: the merchant's time zone, not the device's", () => {
  const iso = '2026-11-20T17:43:00Z';
  afterEach(() => setSiteTimeZone('Asia/Dhaka'));

  it("shows times in Dhaka until the merchant's settings say otherwise, whatever the device's zone", () => {
    expect(siteTimeZone()).toBe('Asia/Dhaka');
    expect(formatDateTime(iso, 'en')).toBe('20 November 2026 at 23:43 GMT+6');
    expect(promotionTime(iso)).toBe('2026-11-20 23:43 (GMT+6)');
  });

  it("follows the merchant's zone once set, and ignores a zone the browser does not know", () => {
    setSiteTimeZone('Asia/Kolkata');
    expect(formatDateTime(iso, 'en')).toBe('20 November 2026 at 23:13 GMT+5:30');
    expect(promotionTime(iso)).toBe('2026-11-20 23:13 (GMT+5:30)');
    setSiteTimeZone('Mars/Olympus_Mons');
    expect(siteTimeZone()).toBe('Asia/Kolkata');
  });

  it('writes the shorter styles in the same zone (a day alone has no offset)', () => {
    expect(formatDateTime(iso, 'en', undefined, 'short')).toBe('20 Nov 2026, 23:43 GMT+6');
    expect(formatDateTime(iso, 'en', undefined, 'noYear')).toBe('20 Nov, 23:43 GMT+6');
    // 20:00 UTC on the 20th is already the 21st in Dhaka: the day is the zone's.
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en', undefined, 'day')).toBe('21 November 2026');
  });
});
