import { describe, expect, it } from 'vitest';
import { CHOICES, isChoice, playRound, styleOf, type GameStyle } from './rounds.ts';

describe('sandbox rounds', () => {
  it('maps every §3 category to a style', () => {
    expect(['LIVE', 'PVP', 'FISH', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'RNG'].map(styleOf)).toEqual([
      'table',
      'table',
      'fishing',
      'match',
      'match',
      'match',
      'spin',
    ]);
  });

  it.each(Object.keys(CHOICES) as GameStyle[])('%s: every choice draws an outcome with a whole multiplier', (style) => {
    for (const choice of CHOICES[style]) {
      expect(isChoice(style, choice.id)).toBe(true);
      for (let i = 0; i < 200; i++) {
        const outcome = playRound(style, choice.id);
        expect(Number.isInteger(outcome.multiplier) && outcome.multiplier >= 0).toBe(true);
        expect(outcome.drawn.en.length && outcome.drawn.bn.length).toBeGreaterThan(0);
      }
    }
    expect(isChoice(style, 'NOT_A_CHOICE')).toBe(false);
  });
});
