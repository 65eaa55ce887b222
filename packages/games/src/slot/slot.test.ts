import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../fair/fair-random.ts';
import { SLOT } from './pay-table.ts';
import { decimal, slotRtp } from './slot-rtp.ts';
import { evaluateSpin, playSlot, slotStake } from './slot.ts';

const SERVER_SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';
const random = (nonce: number) => fairRandom({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce });

describe('slot', () => {
  it('plays the known spins (computed once outside this code, from the scheme and the strips)', () => {
    const first = playSlot(random(0), 1n);
    expect(first.spins).toHaveLength(1);
    expect(first.spins[0]!.stops).toEqual([17, 12, 19, 12, 10]);
    expect(first.spins[0]!.lineWins).toEqual([{ line: 6, symbol: 'ten', count: 3, win: 5n }]);
    expect(first).toMatchObject({ stake: 20n, win: 5n });

    // Wilds stand in: lotus, lotus, wild, wild on line 8; ace, ace, wild on line 19.
    const second = playSlot(random(1), 10n);
    expect(second.spins[0]!.stops).toEqual([15, 3, 22, 36, 16]);
    expect(second.spins[0]!.lineWins).toEqual([
      { line: 7, symbol: 'lotus', count: 4, win: 600n },
      { line: 18, symbol: 'ace', count: 3, win: 100n },
    ]);

    // Three scatters: 2 total bets, and 10 free spins at ×2 drawn from the same bytes.
    const free = playSlot(random(117), 1n);
    const paid = free.spins[0]!;
    expect(paid.stops).toEqual([21, 26, 21, 32, 25]);
    expect(paid).toMatchObject({ scatters: 3, scatterWin: 40n, freeSpinsWon: 10 });
    expect(paid.lineWins).toEqual([{ line: 10, symbol: 'peacock', count: 3, win: 20n }]);
    expect(free.spins.length).toBeGreaterThanOrEqual(11);
    expect(free.spins.slice(1).every((spin) => spin.multiplier === 2)).toBe(true);
    expect(free.win).toBe(free.spins.reduce((sum, spin) => sum + spin.win, 0n));
  });

  it('has a theoretical RTP of 96.0 %, exactly 202536583271943 / 210981089081600', () => {
    const { rtp, freeSpinsChance } = slotRtp();
    expect(rtp).toEqual({ numerator: 202_536_583_271_943n, denominator: 210_981_089_081_600n });
    expect(decimal(rtp, 6)).toBe('0.959975');
    expect(decimal(rtp, 3)).toBe('0.960');
    expect(decimal(freeSpinsChance, 4)).toBe('0.0048');
  });

  it('pays every line win as the window shows it, never above the pay table', () => {
    fc.assert(
      fc.property(
        fc.tuple(...SLOT.strips.map((strip) => fc.nat(strip.length - 1))),
        fc.bigInt({ min: 1n, max: 1000n }),
        (stops, lineBet) => {
          const spin = evaluateSpin(stops, lineBet, 1);
          return spin.lineWins.every(({ line, symbol, count, win }) => {
            const rows = SLOT.paylines[line]!;
            const shown = rows.slice(0, count).map((row, reel) => spin.window[reel]![row]);
            return (
              shown[0] === symbol &&
              shown.every((s) => s === symbol || s === 'wild') &&
              win === BigInt(SLOT.linePays[symbol][count - 3]!) * lineBet &&
              win <= 1000n * lineBet
            );
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('returns close to 96 % over 20 000 rounds (a loose check; rng:check runs 10^6)', () => {
    let staked = 0n;
    let won = 0n;
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const round = playSlot(random(nonce), 1n);
      staked += round.stake;
      won += round.win;
    }
    expect(staked).toBe(slotStake(1n) * 20_000n);
    const rtp = Number(won) / Number(staked);
    expect(rtp).toBeGreaterThan(0.85);
    expect(rtp).toBeLessThan(1.07);
  });
});
