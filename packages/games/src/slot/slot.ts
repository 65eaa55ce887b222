import type { FairRandom } from '../fair/fair-random.ts';
import { SLOT, type LineSymbol, type SlotSymbol } from './pay-table.ts';

/**
 * The slot (issue 12 item 2): 5 reels × 3 rows, 20 paylines paying left to right from the first
 * reel, wilds (reels 2–4) standing in for every line symbol, scatters paying anywhere, and 3 or more
 * scatters giving 10 free spins with wins doubled (which can give more). A round is the paid spin
 * and every free spin it leads to, drawn in order from the bet's bytes: one stake, one win.
 */
export interface LineWin {
  /** 0 … 19, the index into SLOT.paylines. */
  line: number;
  symbol: LineSymbol;
  count: 3 | 4 | 5;
  win: bigint;
}

export interface SlotSpin {
  /** Where each reel stopped (the top row's place on its strip). */
  stops: number[];
  /** The window, reel by reel, top row first. */
  window: SlotSymbol[][];
  lineWins: LineWin[];
  scatters: number;
  scatterWin: bigint;
  freeSpinsWon: number;
  /** 1 for the paid spin, SLOT.freeSpinMultiplier for free spins. */
  multiplier: number;
  win: bigint;
}

export interface SlotRound {
  lineBet: bigint;
  stake: bigint;
  /** The paid spin, then the free spins. */
  spins: SlotSpin[];
  win: bigint;
}

export const slotStake = (lineBet: bigint) => lineBet * BigInt(SLOT.lines);

export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  return SLOT.strips.map((strip, reel) =>
    Array.from({ length: SLOT.rows }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** The line's win: its first reel's symbol, then as many reels as show it or a wild. */
function lineWin(window: SlotSymbol[][], line: number, lineBet: bigint, multiplier: number): LineWin | null {
  const rows = SLOT.paylines[line]!;
  const first = window[0]![rows[0]!]!;
  if (first === 'wild' || first === 'scatter') return null;
  let count = 1;
  while (count < SLOT.reels) {
    const next = window[count]![rows[count]!]!;
    if (next !== first && next !== 'wild') break;
    count++;
  }
  if (count < 3) return null;
  const pay = SLOT.linePays[first][count - 3]!;
  return { line, symbol: first, count: count as 3 | 4 | 5, win: BigInt(pay * multiplier) * lineBet };
}

export function evaluateSpin(stops: readonly number[], lineBet: bigint, multiplier: number): SlotSpin {
  const window = windowAt(stops);
  const lineWins: LineWin[] = [];
  for (let line = 0; line < SLOT.lines; line++) {
    const win = lineWin(window, line, lineBet, multiplier);
    if (win) lineWins.push(win);
  }
  const scatters = window.filter((reel) => reel.includes('scatter')).length;
  const scatterPay = scatters >= 3 ? SLOT.scatterPays[scatters - 3]! : 0;
  const scatterWin = BigInt(scatterPay * multiplier) * slotStake(lineBet);
  const win = lineWins.reduce((sum, w) => sum + w.win, scatterWin);
  return {
    stops: [...stops],
    window,
    lineWins,
    scatters,
    scatterWin,
    freeSpinsWon: scatters >= 3 ? SLOT.freeSpins : 0,
    multiplier,
    win,
  };
}

function spin(random: FairRandom, lineBet: bigint, multiplier: number): SlotSpin {
  const stops = SLOT.strips.map((strip) => random.below(strip.length));
  return evaluateSpin(stops, lineBet, multiplier);
}

export function playSlot(random: FairRandom, lineBet: bigint): SlotRound {
  if (lineBet <= 0n) throw new RangeError('line bet: above zero');
  const spins = [spin(random, lineBet, 1)];
  let freeLeft = spins[0]!.freeSpinsWon;
  let freePlayed = 0;
  while (freeLeft > 0 && freePlayed < SLOT.maxFreeSpins) {
    const free = spin(random, lineBet, SLOT.freeSpinMultiplier);
    spins.push(free);
    freeLeft += free.freeSpinsWon - 1;
    freePlayed++;
  }
  return { lineBet, stake: slotStake(lineBet), spins, win: spins.reduce((sum, s) => sum + s.win, 0n) };
}
