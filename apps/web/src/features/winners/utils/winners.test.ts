import { describe, expect, it } from 'vitest';
import { formatWinAmount, rankWinners, type WinnerEntry } from './winners.ts';

const entry = (gameName: string, winAmount: string | number): WinnerEntry => ({
  customerName: 'ab***z',
  gameName,
  gameCode: gameName.toUpperCase(),
  winAmount,
});

describe('winners board rules', () => {
  it('sorts by winAmount, largest first, comparing amounts not text', () => {
    const ranked = rankWinners([entry('a', '999.99'), entry('b', '1000.00'), entry('c', 25_000.5), entry('d', '80')]);
    expect(ranked.map((w) => w.gameName)).toEqual(['c', 'b', 'a', 'd']);
    expect(ranked.map((w) => w.rank)).toEqual([1, 2, 3, 4]);
  });

  it('keeps 20 entries at most (§9)', () => {
    const list = Array.from({ length: 35 }, (_, i) => entry(`g${i}`, i * 10));
    const ranked = rankWinners(list);
    expect(ranked).toHaveLength(20);
    expect(ranked[0]!.gameName).toBe('g34');
    expect(ranked[19]!.gameName).toBe('g15');
  });

  it('keeps the original order for equal amounts', () => {
    expect(rankWinners([entry('x', '5.00'), entry('y', 5)]).map((w) => w.gameName)).toEqual(['x', 'y']);
  });

  it('formats with 2 decimals and thousands separators (§9)', () => {
    expect(formatWinAmount('1234567.8')).toBe('1,234,567.80');
    expect(formatWinAmount('12,500.00')).toBe('12,500.00');
    expect(formatWinAmount(999)).toBe('999.00');
    expect(formatWinAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatWinAmount('not a number')).toBe('0.00');
  });
});
