import { randomInt } from 'node:crypto';

/**
 * The sandbox's games: a round is a stake on a choice, an outcome drawn with crypto.randomInt and
 * a win of stake × multiplier. Multipliers are in hundredths (200 = 2×) so money stays integer.
 * Not fair in the provably-fair sense (issue 12 builds those); a stand-in for a vendor's game.
 */
export type GameStyle = 'table' | 'fishing' | 'match' | 'spin';

export interface Choice {
  id: string;
  label: { en: string; bn: string };
}

export interface RoundOutcome {
  /** What was drawn, as the screen shows it. */
  drawn: { en: string; bn: string };
  /** Hundredths of the stake paid back (0: lost). */
  multiplier: number;
}

/** §3 categories to the style of round the sandbox plays for them. */
export function styleOf(gameType: string): GameStyle {
  if (gameType === 'LIVE' || gameType === 'PVP') return 'table';
  if (gameType === 'FISH') return 'fishing';
  if (gameType === 'SPORTS' || gameType === 'ESPORTS' || gameType === 'COCKFIGHT') return 'match';
  return 'spin';
}

export const CHOICES: Record<GameStyle, Choice[]> = {
  table: [
    { id: 'DRAGON', label: { en: 'Dragon', bn: 'ড্রাগন' } },
    { id: 'TIE', label: { en: 'Tie', bn: 'টাই' } },
    { id: 'TIGER', label: { en: 'Tiger', bn: 'টাইগার' } },
  ],
  fishing: [{ id: 'SHOOT', label: { en: 'Shoot', bn: 'শুট' } }],
  match: [
    { id: 'HOME', label: { en: 'Side A', bn: 'পক্ষ ক' } },
    { id: 'DRAW', label: { en: 'Draw', bn: 'ড্র' } },
    { id: 'AWAY', label: { en: 'Side B', bn: 'পক্ষ খ' } },
  ],
  spin: [{ id: 'SPIN', label: { en: 'Spin', bn: 'স্পিন' } }],
};

const CARDS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A weighted table: [weight, multiplier, what the screen says]. */
type Table = readonly (readonly [number, number, { en: string; bn: string }])[];
const FISH: Table = [
  [60, 0, { en: 'Missed', bn: 'মিস' }],
  [20, 150, { en: 'Hilsa ×1.5', bn: 'ইলিশ ×১.৫' }],
  [10, 200, { en: 'Rui ×2', bn: 'রুই ×২' }],
  [6, 300, { en: 'Catla ×3', bn: 'কাতলা ×৩' }],
  [3, 500, { en: 'Boal ×5', bn: 'বোয়াল ×৫' }],
  [1, 1000, { en: 'Golden shark ×10', bn: 'সোনালি হাঙর ×১০' }],
];
const SPIN: Table = [
  [55, 0, { en: 'No win', bn: 'জয় নেই' }],
  [25, 150, { en: 'Two cherries ×1.5', bn: 'দুই চেরি ×১.৫' }],
  [12, 250, { en: 'Three bells ×2.5', bn: 'তিন ঘণ্টা ×২.৫' }],
  [7, 500, { en: 'Three sevens ×5', bn: 'তিন সাত ×৫' }],
  [1, 2000, { en: 'Jackpot ×20', bn: 'জ্যাকপট ×২০' }],
];

function weighted(table: Table): RoundOutcome {
  let pick = randomInt(table.reduce((sum, [weight]) => sum + weight, 0));
  for (const [weight, multiplier, drawn] of table) {
    if (pick < weight) return { drawn, multiplier };
    pick -= weight;
  }
  throw new Error('unreachable');
}

export function playRound(style: GameStyle, choice: string): RoundOutcome {
  if (style === 'fishing') return weighted(FISH);
  if (style === 'spin') return weighted(SPIN);
  if (style === 'table') {
    // Dragon Tiger: the higher card wins 2×; a tie pays 11× and returns half of a Dragon or Tiger stake.
    const dragon = randomInt(13);
    const tiger = randomInt(13);
    const cards = `${CARDS[dragon]} – ${CARDS[tiger]}`;
    const result = dragon === tiger ? 'TIE' : dragon > tiger ? 'DRAGON' : 'TIGER';
    const multiplier = result === 'TIE' ? (choice === 'TIE' ? 1100 : 50) : choice === result ? 200 : 0;
    const label = CHOICES.table.find((c) => c.id === result)!.label;
    return { drawn: { en: `${cards}: ${label.en}`, bn: `${cards}: ${label.bn}` }, multiplier };
  }
  // A virtual match: side A 45 %, draw 25 %, side B 30 %.
  const roll = randomInt(100);
  const result = roll < 45 ? 'HOME' : roll < 70 ? 'DRAW' : 'AWAY';
  const pays: Record<string, number> = { HOME: 210, DRAW: 320, AWAY: 260 };
  const label = CHOICES.match.find((c) => c.id === result)!.label;
  return { drawn: label, multiplier: choice === result ? pays[result]! : 0 };
}

export function isChoice(style: GameStyle, choice: string): boolean {
  return CHOICES[style].some((c) => c.id === choice);
}
