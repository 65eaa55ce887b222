import { parseMinor, toDecimalString } from '@khela/money';

/** One pick on the bet slip: a selection at the odds the member saw when tapping it. */
export interface SlipLeg {
  selectionId: number;
  eventId: number;
  marketId: number;
  /** "Home v Away", as the event list showed it. */
  eventName: string;
  /** The market and pick in words ("Over 2.5", "Home −0.25"). */
  pick: string;
  /** Decimal odds with two places, "1.85". */
  odds: string;
  /** The market's stake limits (wire amounts). */
  minStake: string;
  maxStake: string;
}

export type OddsPolicy = 'any' | 'higher' | 'ask';
export const ODDS_POLICIES: readonly OddsPolicy[] = ['ask', 'higher', 'any'];

/** The stake limits of a multiple: the strictest of its legs' markets. */
export function combinedLimits(legs: readonly SlipLeg[]): { min: string; max: string } | null {
  if (legs.length === 0) return null;
  let min = parseMinor(legs[0]!.minStake);
  let max = parseMinor(legs[0]!.maxStake);
  for (const leg of legs) {
    const legMin = parseMinor(leg.minStake);
    const legMax = parseMinor(leg.maxStake);
    if (legMin > min) min = legMin;
    if (legMax < max) max = legMax;
  }
  return { min: toDecimalString(min), max: toDecimalString(max) };
}

/**
 * Adds a pick, or takes it off when it is already on the slip. A multiple takes one pick per
 * event (the book refuses legs of one event combined), so a second pick of the same event
 * replaces the first.
 */
export function toggleLeg(legs: readonly SlipLeg[], leg: SlipLeg): SlipLeg[] {
  if (legs.some((l) => l.selectionId === leg.selectionId)) return legs.filter((l) => l.selectionId !== leg.selectionId);
  return [...legs.filter((l) => l.eventId !== leg.eventId), leg];
}

/** Odds as hundredths (185 for "1.85"), whatever way the wire spells them. */
export function oddsHundredths(odds: string | number): bigint {
  if (typeof odds === 'number')
    return Number.isInteger(odds) && odds > 100 ? BigInt(odds) : parseMinor(odds.toFixed(2));
  return parseMinor(odds);
}

/** Hundredths back to the decimal text the page shows: 185n → "1.85". */
export function oddsText(hundredths: bigint): string {
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** The odds of a multiple: the legs' odds multiplied, kept to two places (rounded down, as the book does). */
export function combinedOdds(odds: readonly string[]): string {
  if (odds.length === 0) return '0.00';
  let scaled = 1n;
  let scale = 1n;
  for (const o of odds) {
    scaled *= oddsHundredths(o);
    scale *= 100n;
  }
  return oddsText((scaled * 100n) / scale);
}

/** What a winning stake (minor units) pays back at these odds: stake × odds, rounded down. */
export function potentialReturn(stakeMinor: bigint, odds: string): bigint {
  return (stakeMinor * oddsHundredths(odds)) / 100n;
}

/** The direction odds moved, for the flash on a changed price. */
export function oddsMove(before: string | undefined, after: string): 'up' | 'down' | null {
  if (before === undefined || before === after) return null;
  return oddsHundredths(after) > oddsHundredths(before) ? 'up' : 'down';
}

/** A handicap or total line for people: hundredths (a number) or decimal text → "+0.5", "−0.25", "2.5". */
export function lineText(line: string | number | null | undefined, signed: boolean): string {
  if (line === null || line === undefined || line === '') return '';
  const value = typeof line === 'number' ? line / 100 : Number(line);
  if (!Number.isFinite(value)) return String(line);
  const text = String(Math.abs(value));
  if (!signed) return text;
  if (value === 0) return '0';
  return `${value > 0 ? '+' : '\u2212'}${text}`;
}

/** Whether the legs make a valid multiple: two or more, each from another event. */
export function canCombine(legs: readonly SlipLeg[]): boolean {
  return legs.length >= 2 && new Set(legs.map((l) => l.eventId)).size === legs.length;
}
