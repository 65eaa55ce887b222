import { describe, expect, it } from 'vitest';
import { fightActions, sumStakes } from './books-logic.ts';

describe('books logic', () => {
  it('offers the result only once the window is closed, and nothing once decided', () => {
    expect(fightActions('scheduled')).toEqual(['open', 'odds', 'cancel']);
    expect(fightActions('open')).toEqual(['close', 'odds', 'cancel']);
    expect(fightActions('closed')).toEqual(['open', 'result', 'cancel']);
    expect(fightActions('settled')).toEqual([]);
    expect(fightActions('cancelled')).toEqual([]);
  });

  it('sums stakes exactly in minor units', () => {
    expect(sumStakes(['0.10', '0.20', '1234567890123.05'])).toBe('1234567890123.35');
    expect(sumStakes([])).toBe('0.00');
  });
});
