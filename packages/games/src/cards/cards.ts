import type { FairRandom } from '../fair/fair-random.ts';

/** A card of a 52-card deck as a number 0 … 51: suit ⌊n ÷ 13⌋ (♠ ♥ ♦ ♣), rank n mod 13 (A, 2 … 10, J, Q, K). */
export type Card = number;

export const SUITS = ['♠', '♥', '♦', '♣'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export const rankOf = (card: Card) => card % 13;
export const suitOf = (card: Card) => Math.floor(card / 13);
export const cardName = (card: Card) => `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;

/** A whole deck in the order the bet's draws shuffle it (Fisher–Yates over 0 … 51). */
export function shuffledDeck(random: FairRandom): Card[] {
  return random.shuffle(Array.from({ length: 52 }, (_, i) => i));
}

/**
 * The same deck dealt a card at a time: the shuffle's next step is drawn only when a card is
 * needed, so a round that ends early reads fewer bytes — and its cards are the shuffled deck's first.
 */
export function dealer(random: FairRandom): () => Card {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  let next = 0;
  return () => {
    if (next === deck.length) throw new RangeError('the deck is dealt out');
    const j = next + random.below(deck.length - next);
    [deck[next], deck[j]] = [deck[j]!, deck[next]!];
    return deck[next++]!;
  };
}
