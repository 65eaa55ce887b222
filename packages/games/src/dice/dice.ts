import type { FairRandom } from '../fair/fair-random.ts';

/**
 * Dice (issue 12 item 2): a roll of 0.00–99.99 (an integer 0 … 9999 shown with two decimals); the
 * player picks a win chance and rolls under it or over its mirror. A win pays
 * stake × 99 % ÷ chance (the 1 % house edge), rounded down to the minor unit.
 */
export const DICE = {
  /** How many rolls there are: 0 … 9999. */
  outcomes: 10_000,
  /** The return to player, in basis points (99 %: a 1 % edge). */
  rtpBp: 9_900,
  /** The win chance a player may pick, in basis points of 1 % (1.00 %) … 98 % (98.00 %). */
  minChanceBp: 100,
  maxChanceBp: 9_800,
} as const;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  direction: DiceDirection;
  /** The win chance in basis points (5000 = 50.00 %). */
  chanceBp: number;
}

export interface DiceOutcome {
  /** 0 … 9999 (shown ÷ 100). */
  roll: number;
  won: boolean;
  /** What the round pays back, stake included (0 on a loss). */
  payout: bigint;
}

export function isDiceBet(bet: DiceBet): boolean {
  return (
    (bet.direction === 'under' || bet.direction === 'over') &&
    Number.isInteger(bet.chanceBp) &&
    bet.chanceBp >= DICE.minChanceBp &&
    bet.chanceBp <= DICE.maxChanceBp
  );
}

/** The roll a player must beat: under it (a roll below), or over it (a roll above), 0 … 9999. */
export function diceTarget(bet: DiceBet): number {
  return bet.direction === 'under' ? bet.chanceBp : DICE.outcomes - 1 - bet.chanceBp;
}

/** Exactly `chanceBp` of the 10 000 rolls win. */
export function diceWins(bet: DiceBet, roll: number): boolean {
  return bet.direction === 'under' ? roll < bet.chanceBp : roll >= DICE.outcomes - bet.chanceBp;
}

/** The payout multiplier in basis points (19 800 = ×1.98 at 50 %), before rounding the payout down. */
export function diceMultiplierBp(chanceBp: number): number {
  return Math.floor((DICE.rtpBp * 10_000) / chanceBp);
}

export function dicePayout(stake: bigint, chanceBp: number): bigint {
  return (stake * BigInt(DICE.rtpBp)) / BigInt(chanceBp);
}

export function playDice(random: FairRandom, bet: DiceBet, stake: bigint): DiceOutcome {
  if (!isDiceBet(bet)) throw new RangeError('not a dice bet');
  const roll = random.below(DICE.outcomes);
  const won = diceWins(bet, roll);
  return { roll, won, payout: won ? dicePayout(stake, bet.chanceBp) : 0n };
}
