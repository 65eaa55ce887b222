import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatTime, interpolate, minorOf } from './format.ts';

describe('formatAmount', () => {
  it('groups in lakhs and crores from the string, without rounding through a float', () => {
    expect(formatAmount('12345678.50', 'en')).toBe('৳1,23,45,678.50');
    expect(formatAmount('90071992547409.93', 'en')).toBe('৳9,00,71,99,25,47,409.93');
    expect(formatAmount('999.00', 'en')).toBe('৳999.00');
    expect(formatAmount('-1500.00', 'en')).toBe('−৳1,500.00');
  });
  it('writes Bengali digits in Bengali and names another currency', () => {
    expect(formatAmount('1500.25', 'bn')).toBe('৳১,৫০০.২৫');
    expect(formatAmount('10.00', 'en', 'USD')).toBe('USD 10.00');
    expect(formatCount(123456, 'bn')).toBe('১,২৩,৪৫৬');
  });
});

describe('formatTime', () => {
  it('writes a Bengali time without Latin AM/PM, on the same 24-hour clock as English', () => {
    const bn = formatTime('2026-11-27T13:14:00Z', 'bn');
    expect(bn).not.toMatch(/[A-Za-z]/);
    expect(formatTime('2026-11-27T13:14:00Z', 'en')).not.toMatch(/AM|PM/i);
  });
});

describe('minorOf and interpolate', () => {
  it('reads exact minor units', () => {
    expect(minorOf('100.00')).toBe(10_000n);
    expect(minorOf('-0.05')).toBe(-5n);
    expect(minorOf('92233720368547758.07')).toBe(9_223_372_036_854_775_807n);
  });
  it('fills known placeholders only', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
