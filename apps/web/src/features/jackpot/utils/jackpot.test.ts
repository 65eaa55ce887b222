import { describe, expect, it } from 'vitest';
import { JACKPOT, formatJackpot, jackpotDelay, jackpotStart, jackpotStep } from './jackpot.ts';

const fixed = (value: number) => () => value;
const ALMOST_ONE = 1 - Number.EPSILON;

describe('§4 jackpot counter rules', () => {
  it('starts between 300,000,000.00 and 400,000,000.00, ends included', () => {
    expect(jackpotStart(fixed(0))).toBe(300_000_000_00);
    expect(jackpotStart(fixed(ALMOST_ONE))).toBe(400_000_000_00);
    expect(jackpotStart(fixed(0.5))).toBeGreaterThan(300_000_000_00);
    // A random source that misbehaves (1 or more, negative) cannot push it out of bounds.
    expect(jackpotStart(fixed(1))).toBe(400_000_000_00);
    expect(jackpotStart(fixed(-0.2))).toBe(300_000_000_00);
  });

  it('grows by 100.00 to 500.00 a step', () => {
    expect(jackpotStep(fixed(0))).toBe(100_00);
    expect(jackpotStep(fixed(ALMOST_ONE))).toBe(500_00);
    for (let i = 0; i < 2000; i++) {
      const step = jackpotStep();
      expect(step).toBeGreaterThanOrEqual(JACKPOT.stepMin * 100);
      expect(step).toBeLessThanOrEqual(JACKPOT.stepMax * 100);
      expect(Number.isInteger(step)).toBe(true);
    }
  });

  it('waits 3, 4 or 5 seconds, each reachable', () => {
    expect(jackpotDelay(fixed(0))).toBe(3000);
    expect(jackpotDelay(fixed(0.5))).toBe(4000);
    expect(jackpotDelay(fixed(ALMOST_ONE))).toBe(5000);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(jackpotDelay());
    expect([...seen].sort()).toEqual([3000, 4000, 5000]);
  });

  it('random starts stay inside the bounds', () => {
    for (let i = 0; i < 2000; i++) {
      const start = jackpotStart();
      expect(start).toBeGreaterThanOrEqual(JACKPOT.startMin * 100);
      expect(start).toBeLessThanOrEqual(JACKPOT.startMax * 100);
    }
  });

  it('shows 2 decimals and thousands separators (§9)', () => {
    expect(formatJackpot(300_000_000_00)).toBe('300,000,000.00');
    expect(formatJackpot(345_678_901_05)).toBe('345,678,901.05');
    expect(formatJackpot(400_000_000_99)).toBe('400,000,000.99');
  });
});
