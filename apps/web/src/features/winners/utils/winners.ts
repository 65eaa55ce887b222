import { formatMinor, parseMinor } from '@khela/money';

/** §9 winner board size. */
export const WINNER_BOARD_LIMIT = 20;

/**
 * One winner-board entry (§7 winner board: `value.list`, each `vo` with customerName and
 * winAmount, plus the game it was won on). The games issue maps its response onto this.
 */
export interface WinnerEntry {
  id?: string | number;
  customerName: string;
  gameName: string;
  gameCode: string;
  /** A wire amount ("12500.00") or a number. */
  winAmount: string | number;
  icon?: string | null;
  /** What launching the row's game needs besides its code (§2: clicking a row starts that game). */
  vassalage?: string;
  nodeId?: number;
  gameType?: string;
}

export interface RankedWinner extends WinnerEntry {
  rank: number;
  amountMinor: bigint;
}

/** An amount in minor units; anything unreadable counts as zero rather than breaking the board. */
export function amountToMinor(amount: string | number): bigint {
  if (typeof amount === 'number') return Number.isFinite(amount) ? BigInt(Math.round(amount * 100)) : 0n;
  const text = amount.replace(/,/g, '').trim();
  try {
    return parseMinor(text);
  } catch {
    const value = Number(text);
    return Number.isFinite(value) ? BigInt(Math.round(value * 100)) : 0n;
  }
}

/** §9: 2 decimals and thousands separators. */
export function formatWinAmount(amount: string | number): string {
  return formatMinor(amountToMinor(amount));
}

/** The board: largest win first (ties keep their order), ranked 1…, at most 20 entries (§9). */
export function rankWinners(list: readonly WinnerEntry[], limit = WINNER_BOARD_LIMIT): RankedWinner[] {
  return list
    .map((entry, index) => ({ entry, index, amountMinor: amountToMinor(entry.winAmount) }))
    .sort((a, b) => (a.amountMinor === b.amountMinor ? a.index - b.index : a.amountMinor > b.amountMinor ? -1 : 1))
    .slice(0, limit)
    .map(({ entry, amountMinor }, index) => ({ ...entry, amountMinor, rank: index + 1 }));
}
