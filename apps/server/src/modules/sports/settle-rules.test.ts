import { describe, expect, it } from 'vitest';
import { cashOutValue, combinedOdds, legOutcome, returnAt, settleSlip } from './settle-rules.ts';

const s = (home: number, away: number) => ({ home, away });

describe('legOutcome (hand-computed)', () => {
  it.each([
    // 1X2, BTTS, e-sports match winner
    ['ONE_X_TWO', null, 'DRAW', s(2, 2), 'won'],
    ['ONE_X_TWO', null, 'HOME', s(2, 2), 'lost'],
    ['ONE_X_TWO', null, 'AWAY', s(0, 1), 'won'],
    ['BTTS', null, 'YES', s(1, 1), 'won'],
    ['BTTS', null, 'YES', s(1, 0), 'lost'],
    ['BTTS', null, 'NO', s(0, 0), 'won'],
    ['MATCH_WINNER', null, 'AWAY', s(1, 2), 'won'],
    ['MATCH_WINNER', null, 'HOME', s(1, 2), 'lost'],
    ['MATCH_WINNER', null, 'HOME', s(1, 1), 'void'],
    // Handicap: quarter lines split over the neighbouring lines
    ['HANDICAP', -25, 'HOME', s(1, 1), 'half_lost'], // 0.00 void + -0.50 lost
    ['HANDICAP', -25, 'AWAY', s(1, 1), 'half_won'], // +0.00 void + +0.50 won
    ['HANDICAP', -25, 'HOME', s(1, 0), 'won'],
    ['HANDICAP', -75, 'HOME', s(2, 1), 'half_won'], // -0.50 won + -1.00 void
    ['HANDICAP', -75, 'AWAY', s(2, 1), 'half_lost'],
    ['HANDICAP', -75, 'HOME', s(3, 1), 'won'],
    ['HANDICAP', 25, 'HOME', s(0, 1), 'lost'], // +0.00 lost + +0.50 lost
    ['HANDICAP', -100, 'HOME', s(2, 1), 'void'], // whole line lands: push
    ['HANDICAP', -100, 'AWAY', s(2, 1), 'void'],
    ['HANDICAP', 50, 'HOME', s(0, 0), 'won'],
    ['HANDICAP', -150, 'HOME', s(2, 1), 'lost'],
    // Over/under
    ['OVER_UNDER', 225, 'OVER', s(1, 1), 'half_lost'], // 2.00 void + 2.50 lost
    ['OVER_UNDER', 225, 'UNDER', s(1, 1), 'half_won'],
    ['OVER_UNDER', 275, 'OVER', s(2, 1), 'half_won'], // 2.50 won + 3.00 void
    ['OVER_UNDER', 275, 'UNDER', s(2, 1), 'half_lost'],
    ['OVER_UNDER', 250, 'OVER', s(2, 1), 'won'],
    ['OVER_UNDER', 300, 'OVER', s(2, 1), 'void'],
    ['OVER_UNDER', 300, 'UNDER', s(1, 1), 'won'],
    // E-sports map handicap (maps won)
    ['MAP_HANDICAP', -150, 'HOME', s(2, 0), 'won'],
    ['MAP_HANDICAP', -150, 'HOME', s(2, 1), 'lost'],
    ['MAP_HANDICAP', -150, 'AWAY', s(2, 1), 'won'],
  ] as const)('%s line %s %s at %o is %s', (type, line, code, score, expected) => {
    expect(legOutcome(type, line, code, score)).toBe(expected);
  });
});

describe('settleSlip and combinedOdds (hand-computed)', () => {
  it('a single that half-wins pays half at the odds and half back', () => {
    // 100.00 at 1.90 half won: 50.00 × 1.90 + 50.00 = 145.00
    expect(settleSlip(10_000n, [{ odds: 190, outcome: 'half_won' }])).toEqual({
      decided: true,
      status: 'won',
      payout: 14_500n,
      odds: 145n,
    });
  });
  it('a single that half-loses returns half the stake and counts as lost', () => {
    expect(settleSlip(10_000n, [{ odds: 190, outcome: 'half_lost' }])).toMatchObject({
      status: 'lost',
      payout: 5_000n,
    });
  });
  it('a multiple multiplies the odds, rounded down to 0.01', () => {
    expect(combinedOdds([185, 210])).toBe(388n); // 3.885 → 3.88
    expect(combinedOdds([185, 210, 150])).toBe(582n); // 5.8275 → 5.82
    expect(returnAt(1_000n, 388n)).toBe(3_880n);
    expect(
      settleSlip(1_000n, [
        { odds: 185, outcome: 'won' },
        { odds: 210, outcome: 'won' },
      ]),
    ).toEqual({ decided: true, status: 'won', payout: 3_880n, odds: 388n });
  });
  it('a void leg counts 1.00 and a half-won leg (odds + 1) / 2 in a multiple', () => {
    expect(
      settleSlip(1_000n, [
        { odds: 185, outcome: 'won' },
        { odds: 210, outcome: 'void' },
      ]),
    ).toMatchObject({ status: 'won', payout: 1_850n });
    // 5.00 at 1.90 → 9.50 and 5.00 back, both riding on 2.00: 29.00
    expect(
      settleSlip(1_000n, [
        { odds: 190, outcome: 'half_won' },
        { odds: 200, outcome: 'won' },
      ]),
    ).toMatchObject({ status: 'won', payout: 2_900n, odds: 290n });
  });
  it('a lost leg loses the slip at once; an open leg keeps it waiting; every leg void refunds', () => {
    expect(
      settleSlip(1_000n, [
        { odds: 185, outcome: 'open' },
        { odds: 210, outcome: 'lost' },
      ]),
    ).toMatchObject({ decided: true, status: 'lost', payout: 0n });
    expect(
      settleSlip(1_000n, [
        { odds: 185, outcome: 'won' },
        { odds: 210, outcome: 'open' },
      ]),
    ).toEqual({ decided: false });
    expect(
      settleSlip(1_000n, [
        { odds: 185, outcome: 'void' },
        { odds: 210, outcome: 'void' },
      ]),
    ).toEqual({ decided: true, status: 'void', payout: 1_000n, odds: 100n });
  });
});

describe('cashOutValue', () => {
  it('prices the open legs at accepted over current odds, less 5%', () => {
    // 10.00 at 2.00 now 1.50: 10.00 × 2.00 / 1.50 × 0.95 = 12.666… → 12.66
    expect(cashOutValue(1_000n, [{ odds: 200, currentOdds: 150, outcome: 'open' }])).toBe(1_266n);
    // a won leg at 1.80 and an open one unchanged: 10.00 × 1.80 × 0.95 = 17.10
    expect(
      cashOutValue(1_000n, [
        { odds: 180, currentOdds: 180, outcome: 'won' },
        { odds: 200, currentOdds: 200, outcome: 'open' },
      ]),
    ).toBe(1_710n);
  });
  it('has no price once a leg is lost or nothing is open', () => {
    expect(cashOutValue(1_000n, [{ odds: 200, currentOdds: 150, outcome: 'lost' }])).toBeNull();
    expect(cashOutValue(1_000n, [{ odds: 200, currentOdds: 150, outcome: 'won' }])).toBeNull();
  });
});
