import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../fair/fair-random.ts';
import { DICE, diceMultiplierBp, dicePayout, diceTarget, diceWins, isDiceBet, playDice, type DiceBet } from './dice.ts';

const SERVER_SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';

describe('dice', () => {
  it('plays the known rolls (6677, 1233, 301 for nonces 0–2)', () => {
    const bet: DiceBet = { direction: 'under', chanceBp: 5_000 };
    const rounds = [0, 1, 2].map((nonce) =>
      playDice(fairRandom({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce }), bet, 100_00n),
    );
    expect(rounds).toEqual([
      { roll: 6677, won: false, payout: 0n },
      { roll: 1233, won: true, payout: 198_00n },
      { roll: 301, won: true, payout: 198_00n },
    ]);
  });

  it('wins on exactly chanceBp of the 10 000 rolls, either way, and returns 99 % of the stake', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: DICE.minChanceBp, max: DICE.maxChanceBp }),
        fc.constantFrom('under' as const, 'over' as const),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (chanceBp, direction, stake) => {
          const bet = { direction, chanceBp };
          let wins = 0;
          for (let roll = 0; roll < DICE.outcomes; roll++) if (diceWins(bet, roll)) wins++;
          const paid = BigInt(wins) * dicePayout(stake, chanceBp);
          const fair = (stake * BigInt(DICE.outcomes) * 99n) / 100n;
          // Rounded down per win: never above 99 %, short of it by less than a minor unit a win.
          return wins === chanceBp && paid <= fair && fair - paid < BigInt(wins);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('shows the target and multiplier players expect', () => {
    expect(diceTarget({ direction: 'under', chanceBp: 5_000 })).toBe(5_000);
    expect(diceTarget({ direction: 'over', chanceBp: 5_000 })).toBe(4_999);
    expect(diceWins({ direction: 'over', chanceBp: 5_000 }, 4_999)).toBe(false);
    expect(diceWins({ direction: 'over', chanceBp: 5_000 }, 5_000)).toBe(true);
    expect(diceMultiplierBp(5_000)).toBe(19_800);
    expect(diceMultiplierBp(100)).toBe(990_000);
  });

  it('refuses chances outside 1–98 % and unknown directions', () => {
    for (const bet of [
      { direction: 'under', chanceBp: 99 },
      { direction: 'under', chanceBp: 9_801 },
      { direction: 'under', chanceBp: 50.5 },
      { direction: 'sideways', chanceBp: 5_000 },
    ] as DiceBet[]) {
      expect(isDiceBet(bet)).toBe(false);
      expect(() => playDice(fairRandom({ serverSeed: SERVER_SEED, clientSeed: 'c', nonce: 0 }), bet, 1n)).toThrow(
        RangeError,
      );
    }
  });
});
