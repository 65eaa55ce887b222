import type { FairRandom } from '../fair/fair-random.ts';
import { dealer, rankOf, type Card } from './cards.ts';

/**
 * Andar Bahar (issue 12 item 2, the card game against the house): the first card of the shuffled
 * deck is the joker; the next ones go to Andar and Bahar in turn, Andar first, until one matches the
 * joker's rank — that side wins. Andar, dealt first, wins 429 of 833 times (exactly: the first of the
 * three matching cards among the 51 left falls on an even place), so it pays less:
 * Andar ×1.92 (RTP 98.88 %), Bahar ×2.04 (RTP 98.94 %), stake included.
 */
export type AndarBaharSide = 'andar' | 'bahar';

export const ANDAR_BAHAR = {
  /** What a winning side pays back, stake included, in hundredths. */
  payout: { andar: 192, bahar: 204 } as Record<AndarBaharSide, number>,
  /** P(Andar wins) = 429 / 833. */
  andarWins: { numerator: 429, denominator: 833 },
} as const;

export interface AndarBaharDeal {
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: AndarBaharSide;
}

export function isAndarBaharSide(side: string): side is AndarBaharSide {
  return side === 'andar' || side === 'bahar';
}

/** The deal of a round: the shuffled deck (shuffledDeck's order) dealt as far as the first match. */
export function dealAndarBahar(random: FairRandom): AndarBaharDeal {
  const next = dealer(random);
  const joker = next();
  const deal: AndarBaharDeal = { joker, andar: [], bahar: [], winner: 'andar' };
  // Three cards of the joker's rank are left in the 51: a match always comes.
  for (let i = 0; ; i++) {
    const side: AndarBaharSide = i % 2 === 0 ? 'andar' : 'bahar';
    const card = next();
    deal[side].push(card);
    if (rankOf(card) === rankOf(joker)) {
      deal.winner = side;
      return deal;
    }
  }
}

/** What a bet on `side` pays back, stake included, rounded down (0 when the other side won). */
export function andarBaharPayout(stake: bigint, side: AndarBaharSide, winner: AndarBaharSide): bigint {
  return side === winner ? (stake * BigInt(ANDAR_BAHAR.payout[side])) / 100n : 0n;
}

/** The exact return to player of a bet on `side`, as a fraction. */
export function andarBaharRtp(side: AndarBaharSide): { numerator: number; denominator: number } {
  const { numerator, denominator } = ANDAR_BAHAR.andarWins;
  const wins = side === 'andar' ? numerator : denominator - numerator;
  return { numerator: wins * ANDAR_BAHAR.payout[side], denominator: denominator * 100 };
}
