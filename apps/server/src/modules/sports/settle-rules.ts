import type { SportsLegOutcome, SportsMarketType, SportsSelectionCode } from '../../db/schema.ts';

/**
 * The sportsbook's pure rules (docs/adr/0024-sportsbook.md): how a leg settles on a final score,
 * what a slip pays, the odds of a multiple and a cash-out's price. Odds and lines are integers in
 * hundredths (185 = 1.85, -25 = -0.25), money integer minor units.
 */

export interface Score {
  home: number;
  away: number;
}

type DecidedOutcome = Exclude<SportsLegOutcome, 'open'>;

/** Won, void or lost by the sign of the selection's margin after the line (a whole line that lands exactly pushes). */
const bySign = (margin: number): DecidedOutcome => (margin > 0 ? 'won' : margin < 0 ? 'lost' : 'void');

/** The selection's margin in hundredths at a whole or half line. */
function marginAt(type: SportsMarketType, code: SportsSelectionCode, line: number, score: Score): number {
  const diff = (score.home - score.away) * 100;
  const total = (score.home + score.away) * 100;
  switch (type) {
    case 'HANDICAP':
    case 'MAP_HANDICAP':
      // The line is the home side's; the away side has the opposite.
      return code === 'HOME' ? diff + line : -diff - line;
    case 'OVER_UNDER':
      return code === 'OVER' ? total - line : line - total;
    default:
      throw new Error(`${type} has no line`);
  }
}

/** Two halves of a quarter line combined: one half won and one pushed is half won, and so on. */
function combineHalves(a: DecidedOutcome, b: DecidedOutcome): DecidedOutcome {
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('won') && pair.has('void')) return 'half_won';
  if (pair.has('lost') && pair.has('void')) return 'half_lost';
  throw new Error(`halves ${a} and ${b} cannot both happen at lines 0.50 apart`);
}

/**
 * How one selection settles on the final score. Asian quarter lines (x.25, x.75) split the stake
 * over the two neighbouring lines (x.25 = x.00 and x.50); whole lines push (void) when they land;
 * a drawn e-sports match-winner market is void.
 */
export function legOutcome(
  type: SportsMarketType,
  line: number | null,
  code: SportsSelectionCode,
  score: Score,
): DecidedOutcome {
  const { home, away } = score;
  switch (type) {
    case 'ONE_X_TWO': {
      const result: SportsSelectionCode = home > away ? 'HOME' : home < away ? 'AWAY' : 'DRAW';
      return code === result ? 'won' : 'lost';
    }
    case 'BTTS': {
      const both = home > 0 && away > 0;
      return (code === 'YES') === both ? 'won' : 'lost';
    }
    case 'MATCH_WINNER':
      if (home === away) return 'void';
      return (code === 'HOME') === home > away ? 'won' : 'lost';
    case 'HANDICAP':
    case 'MAP_HANDICAP':
    case 'OVER_UNDER': {
      if (line === null) throw new Error(`${type} needs a line`);
      if (Math.abs(line) % 50 === 25) {
        return combineHalves(
          bySign(marginAt(type, code, line - 25, score)),
          bySign(marginAt(type, code, line + 25, score)),
        );
      }
      return bySign(marginAt(type, code, line, score));
    }
  }
}

/** A leg's factor in two-hundredths: won = odds, half won = half at the odds and half back, void = 1. */
function factor200(outcome: DecidedOutcome, odds: number): bigint {
  switch (outcome) {
    case 'won':
      return BigInt(2 * odds);
    case 'half_won':
      return BigInt(odds + 100);
    case 'void':
      return 200n;
    case 'half_lost':
      return 100n;
    case 'lost':
      return 0n;
  }
}

/** A multiple's odds: the product of its legs' odds, rounded down to 0.01 (hundredths). */
export function combinedOdds(legOdds: readonly number[]): bigint {
  let product = 1n;
  for (const odds of legOdds) product *= BigInt(odds);
  return product / 100n ** BigInt(legOdds.length - 1);
}

/** What a stake returns at odds in hundredths, rounded down to the minor unit. */
export const returnAt = (stake: bigint, odds: bigint) => (stake * odds) / 100n;

export type SlipSettlement =
  { decided: false } | { decided: true; status: 'won' | 'lost' | 'void'; payout: bigint; odds: bigint };

/**
 * What a slip pays once its legs are decided: a lost leg loses the slip at once; otherwise the slip
 * waits until every leg is decided. Its odds are then the product of the legs' factors (a void leg
 * counts 1.00, a half-won leg (odds + 1) / 2, a half-lost leg 0.50), rounded down to 0.01, and the
 * payout the stake at those odds rounded down. Every leg void: the stake back (void). A payout
 * below the stake (a half-lost leg) is a loss that returns part of the stake.
 */
export function settleSlip(
  stake: bigint,
  legs: readonly { odds: number; outcome: SportsLegOutcome }[],
): SlipSettlement {
  if (legs.some((leg) => leg.outcome === 'lost')) return { decided: true, status: 'lost', payout: 0n, odds: 0n };
  if (legs.some((leg) => leg.outcome === 'open')) return { decided: false };
  if (legs.every((leg) => leg.outcome === 'void')) return { decided: true, status: 'void', payout: stake, odds: 100n };
  let product = 100n;
  for (const leg of legs) product *= factor200(leg.outcome as DecidedOutcome, leg.odds);
  const odds = product / 200n ** BigInt(legs.length);
  const payout = returnAt(stake, odds);
  return { decided: true, status: payout >= stake ? 'won' : 'lost', payout, odds };
}

/** The book's margin on a cash-out, in basis points of the fair value. */
export const CASH_OUT_MARGIN_BP = 500n;

/**
 * A cash-out's price: the slip's fair value now — the stake times the decided legs' factors times,
 * for each open leg, its accepted odds over its current odds — less the book's margin, rounded
 * down. Null when nothing can be priced (a lost leg, or no open leg left).
 */
export function cashOutValue(
  stake: bigint,
  legs: readonly { odds: number; outcome: SportsLegOutcome; currentOdds: number }[],
): bigint | null {
  if (legs.some((leg) => leg.outcome === 'lost')) return null;
  const open = legs.filter((leg) => leg.outcome === 'open');
  if (open.length === 0) return null;
  let numerator = stake * (10_000n - CASH_OUT_MARGIN_BP);
  let denominator = 10_000n;
  for (const leg of legs) {
    if (leg.outcome === 'open') {
      numerator *= BigInt(leg.odds);
      denominator *= BigInt(leg.currentOdds);
    } else {
      numerator *= factor200(leg.outcome, leg.odds);
      denominator *= 200n;
    }
  }
  return numerator / denominator;
}
