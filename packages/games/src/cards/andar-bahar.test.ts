import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../fair/fair-random.ts';
import { andarBaharPayout, andarBaharRtp, dealAndarBahar } from './andar-bahar.ts';
import { cardName, rankOf, shuffledDeck } from './cards.ts';

const SERVER_SEED = '1e9bbfad0c703c4467b399a55e690d703bacedec6a858e82b0972961fcaf4e93';
const random = (nonce: number, clientSeed = 'player-seed') =>
  fairRandom({ serverSeed: SERVER_SEED, clientSeed, nonce });

/** C(n, k) for the exact probability, computed here on its own. */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

describe('Andar Bahar', () => {
  it('deals the known rounds (computed once outside this code, from the scheme)', () => {
    // Nonce 0: joker A♥ (13); Andar 4♣ (42) and A♠ (0), Bahar 6♦ (31) — Andar wins on its second card.
    expect(dealAndarBahar(random(0))).toEqual({ joker: 13, andar: [42, 0], bahar: [31], winner: 'andar' });
    expect(cardName(13)).toBe('A♥');
    // Nonce 1: joker K♥ (25); K♠ (12) falls to Bahar, its 17th card.
    expect(dealAndarBahar(random(1))).toMatchObject({
      joker: 25,
      andar: [9, 19, 47, 45, 43, 44, 17, 10, 50, 30, 48, 16, 23, 8, 29, 21, 24],
      bahar: [42, 20, 28, 6, 0, 18, 39, 11, 36, 46, 37, 34, 3, 33, 15, 40, 12],
      winner: 'bahar',
    });
    // The cards dealt are the shuffled deck's first, in order.
    const deck = shuffledDeck(random(1));
    const dealt = dealAndarBahar(random(1));
    expect(deck.slice(0, 35)).toEqual([
      dealt.joker,
      ...dealt.andar.flatMap((card, i) => (dealt.bahar[i] === undefined ? [card] : [card, dealt.bahar[i]!])),
    ]);
    expect(cardName(0)).toBe('A♠');
    expect(cardName(51)).toBe('K♣');
  });

  it('ends at the first card of the joker’s rank, on the side it fell to, and only there', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.string({ minLength: 1, maxLength: 10 }), (nonce, clientSeed) => {
        const deal = dealAndarBahar(random(nonce, clientSeed));
        const last = deal[deal.winner].at(-1)!;
        const others = [...deal.andar, ...deal.bahar].filter((card) => card !== last);
        const dealtInTurn = deal.andar.length - deal.bahar.length === (deal.winner === 'andar' ? 1 : 0);
        return (
          rankOf(last) === rankOf(deal.joker) &&
          others.every((card) => rankOf(card) !== rankOf(deal.joker)) &&
          dealtInTurn
        );
      }),
    );
  });

  it('has Andar win 429 of 833 times exactly, the pay table returning 98.88 % and 98.94 %', () => {
    let andar = 0;
    for (let i = 0; i <= 48; i += 2) andar += choose(50 - i, 2);
    expect(andar / choose(51, 3)).toBeCloseTo(429 / 833, 12);
    expect(andarBaharRtp('andar')).toEqual({ numerator: 429 * 192, denominator: 83_300 });
    const rtp = (side: 'andar' | 'bahar') => andarBaharRtp(side).numerator / andarBaharRtp(side).denominator;
    expect(rtp('andar')).toBeCloseTo(0.98881, 5);
    expect(rtp('bahar')).toBeCloseTo(0.98939, 5);
  });

  it('pays the winning side only, rounded down', () => {
    expect(andarBaharPayout(100n, 'andar', 'andar')).toBe(192n);
    expect(andarBaharPayout(100n, 'bahar', 'bahar')).toBe(204n);
    expect(andarBaharPayout(100n, 'andar', 'bahar')).toBe(0n);
    expect(andarBaharPayout(1n, 'andar', 'andar')).toBe(1n);
  });
});
