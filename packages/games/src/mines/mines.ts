import type { FairRandom } from '../fair/fair-random.ts';

/**
 * Mines (issue 12 item 2): a 5×5 board hides 1–24 mines, placed by the first draws of the bet (a
 * shuffle of the 25 cells, the first `mines` of it). The player reveals cells one at a time and
 * may cash out after any safe one; a mine ends the round with nothing. After k safe cells the
 * payout is stake × 99 % × C(25, k) ÷ C(25 − mines, k) — the fair odds of k safe picks with a 1 %
 * edge — rounded down to the minor unit.
 */
export const MINES = {
  cells: 25,
  minMines: 1,
  maxMines: 24,
  rtpBp: 9_900,
} as const;

export function isMineCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES.minMines && mines <= MINES.maxMines;
}

/** The mines' cells (0 … 24, row by row), in ascending order. */
export function minePositions(random: FairRandom, mines: number): number[] {
  if (!isMineCount(mines)) throw new RangeError('mines: 1 … 24');
  const cells = Array.from({ length: MINES.cells }, (_, i) => i);
  return random.shuffle(cells, mines).sort((a, b) => a - b);
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** The most safe cells a board has. */
export const safeCells = (mines: number) => MINES.cells - mines;

/** The payout after `safeRevealed` safe cells (the stake back at 0 reveals is not offered: see canCashOut). */
export function minesPayout(stake: bigint, mines: number, safeRevealed: number): bigint {
  if (!isMineCount(mines) || safeRevealed < 0 || safeRevealed > safeCells(mines)) throw new RangeError('not a board');
  return (
    (stake * BigInt(MINES.rtpBp) * choose(MINES.cells, safeRevealed)) /
    (10_000n * choose(safeCells(mines), safeRevealed))
  );
}

/** The multiplier after `safeRevealed` safe cells, in basis points, for display. */
export function minesMultiplierBp(mines: number, safeRevealed: number): number {
  return Number(minesPayout(10_000n * 10_000n, mines, safeRevealed) / 10_000n);
}

/** A cash-out needs at least one safe cell: before it the player has risked nothing yet. */
export const canCashOut = (safeRevealed: number) => safeRevealed >= 1;
