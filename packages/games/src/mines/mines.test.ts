import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../fair/fair-random.ts';
import { MINES, minePositions, minesMultiplierBp, minesPayout, safeCells } from './mines.ts';

const SERVER_SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';
const random = (nonce: number) => fairRandom({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce });

/** C(n, k), written again here so the test does not lean on the code it checks. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

describe('mines', () => {
  it('places the known board (3 mines at nonce 3: cells 9, 17, 18) and 24 mines leave one cell', () => {
    expect(minePositions(random(3), 3)).toEqual([9, 17, 18]);
    expect(minePositions(random(4), 24)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('places exactly the asked number of distinct mines on the board', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 24 }), (nonce, mines) => {
        const cells = minePositions(random(nonce), mines);
        return cells.length === mines && new Set(cells).size === mines && cells.every((c) => c >= 0 && c < 25);
      }),
    );
  });

  it('pays the fair odds of k safe picks less 1 %, rounded down: 99 % returned at every cash-out point', () => {
    const stake = 1_000_000n;
    for (let mines = MINES.minMines; mines <= MINES.maxMines; mines++) {
      for (let k = 1; k <= safeCells(mines); k++) {
        // payout = ⌊0.99 × stake ÷ P(k safe)⌋, P(k safe) = C(25 − mines, k) ÷ C(25, k), in exact integers.
        const payout = minesPayout(stake, mines, k);
        const fair = 99n * stake * choose(25, k);
        const scale = 100n * choose(25 - mines, k);
        expect(payout * scale <= fair && fair < (payout + 1n) * scale).toBe(true);
      }
    }
    expect(minesMultiplierBp(3, 1)).toBe(11_250); // 0.99 × 25 ÷ 22 = 1.125
    expect(minesMultiplierBp(24, 1)).toBe(247_500); // 0.99 × 25
  });

  it('refuses boards that cannot be', () => {
    expect(() => minePositions(random(0), 0)).toThrow(RangeError);
    expect(() => minePositions(random(0), 25)).toThrow(RangeError);
    expect(() => minesPayout(1n, 3, 23)).toThrow(RangeError);
  });
});
