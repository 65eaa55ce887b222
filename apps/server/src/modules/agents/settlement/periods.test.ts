import { describe, expect, it } from 'vitest';
import { firstPeriodFrom, localDay, nextPeriod, periodStartingAt, zonedMidnight, type PeriodUnit } from './periods.ts';

const DHAKA = 'Asia/Dhaka';
const iso = (d: Date) => d.toISOString();

function periods(unit: PeriodUnit, zone: string, from: string, count: number) {
  const out: [string, string][] = [];
  let p = firstPeriodFrom(unit, zone, new Date(from));
  for (let i = 0; i < count; i += 1) {
    out.push([iso(p.start), iso(p.end)]);
    p = nextPeriod(unit, zone, p);
  }
  return out;
}

describe('settlement periods', () => {
  it('finds local midnights and dates in the merchant zone', () => {
    expect(iso(zonedMidnight(DHAKA, 2026, 3, 1))).toBe('2026-02-28T18:00:00.000Z');
    expect(localDay(DHAKA, new Date('2026-02-28T18:00:00Z'))).toBe('2026-03-01');
    expect(localDay(DHAKA, new Date('2026-02-28T17:59:59Z'))).toBe('2026-02-28');
    // A zone with summer time: the day of the change is 23 hours long.
    expect(iso(zonedMidnight('Europe/London', 2026, 3, 29))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(zonedMidnight('Europe/London', 2026, 3, 30))).toBe('2026-03-29T23:00:00.000Z');
  });

  it('cuts daily periods at local midnight, starting with the first full day', () => {
    expect(periods('Daily', DHAKA, '2026-03-01T05:00:00Z', 2)).toEqual([
      ['2026-03-01T18:00:00.000Z', '2026-03-02T18:00:00.000Z'],
      ['2026-03-02T18:00:00.000Z', '2026-03-03T18:00:00.000Z'],
    ]);
    expect(periods('Daily', DHAKA, '2026-02-28T18:00:00Z', 1)).toEqual([
      ['2026-02-28T18:00:00.000Z', '2026-03-01T18:00:00.000Z'],
    ]);
  });

  it('cuts Monday weeks, half months (1–15, 16–end) and months, 31-day months included', () => {
    // 2026-03-04 is a Wednesday: the first full week starts Monday 2026-03-09.
    expect(periods('Weekly', DHAKA, '2026-03-04T00:00:00Z', 2)).toEqual([
      ['2026-03-08T18:00:00.000Z', '2026-03-15T18:00:00.000Z'],
      ['2026-03-15T18:00:00.000Z', '2026-03-22T18:00:00.000Z'],
    ]);
    expect(periods('Semimonthly', DHAKA, '2026-01-20T00:00:00Z', 4)).toEqual([
      ['2026-01-31T18:00:00.000Z', '2026-02-15T18:00:00.000Z'],
      ['2026-02-15T18:00:00.000Z', '2026-02-28T18:00:00.000Z'],
      ['2026-02-28T18:00:00.000Z', '2026-03-15T18:00:00.000Z'],
      ['2026-03-15T18:00:00.000Z', '2026-03-31T18:00:00.000Z'],
    ]);
    expect(periods('Monthly', DHAKA, '2026-02-28T18:00:00Z', 3)).toEqual([
      ['2026-02-28T18:00:00.000Z', '2026-03-31T18:00:00.000Z'],
      ['2026-03-31T18:00:00.000Z', '2026-04-30T18:00:00.000Z'],
      ['2026-04-30T18:00:00.000Z', '2026-05-31T18:00:00.000Z'],
    ]);
    expect(periods('Monthly', DHAKA, '2026-12-05T00:00:00Z', 1)).toEqual([
      ['2026-12-31T18:00:00.000Z', '2027-01-31T18:00:00.000Z'],
    ]);
  });

  it('cuts hours and 5-minute slots on the UTC clock', () => {
    expect(periods('hour', DHAKA, '2026-03-01T17:20:00Z', 2)).toEqual([
      ['2026-03-01T18:00:00.000Z', '2026-03-01T19:00:00.000Z'],
      ['2026-03-01T19:00:00.000Z', '2026-03-01T20:00:00.000Z'],
    ]);
    expect(periods('five_minutes', DHAKA, '2026-03-01T17:58:10Z', 2)).toEqual([
      ['2026-03-01T18:00:00.000Z', '2026-03-01T18:05:00.000Z'],
      ['2026-03-01T18:05:00.000Z', '2026-03-01T18:10:00.000Z'],
    ]);
  });

  it('recognises a period start only on a boundary', () => {
    expect(periodStartingAt('Monthly', DHAKA, new Date('2026-02-28T18:00:00Z'))?.end.toISOString()).toBe(
      '2026-03-31T18:00:00.000Z',
    );
    expect(periodStartingAt('Monthly', DHAKA, new Date('2026-03-01T18:00:00Z'))).toBeNull();
    expect(periodStartingAt('five_minutes', DHAKA, new Date('2026-03-01T18:02:00Z'))).toBeNull();
  });
});
