import type { Language } from '@khela/contracts';
import type { GameCategory, LaneTitle, WalletMode } from '../../../db/schema.ts';

/** §4: esports vendors that come in the SPORTS category get an ESPORTS lane after SPORTS. */
export const ESPORTS_VASSALAGES: readonly string[] = ['IMES', 'TF', 'IA'];
/** §4: cockfight vendors that come in the SPORTS category get a COCKFIGHT lane after SPORTS. */
export const COCKFIGHT_VASSALAGES: readonly string[] = ['SV3'];
/**
 * §4: RNG vendors excluded from the RNG lane go to INHOUSE after RNG. JL is the one the reference
 * opens for INHOUSE (§2: /rng?vassalage=INHOUSE is the RNG list of JL); our own engines (wallet mode
 * inhouse, issue 12) join it too.
 */
export const RNG_VASSALAGES_IN_INHOUSE: readonly string[] = ['JL'];

export interface LaneRules {
  esports: readonly string[];
  cockfight: readonly string[];
  inhouse: readonly string[];
}
export const LANE_RULES: LaneRules = {
  esports: ESPORTS_VASSALAGES,
  cockfight: COCKFIGHT_VASSALAGES,
  inhouse: RNG_VASSALAGES_IN_INHOUSE,
};

/**
 * The lanes' order until an operator sets one (/admin/game-lanes): the reference's first lane,
 * SPORTS, then the lanes §4 splits off it; INHOUSE right after RNG.
 */
export const DEFAULT_LANE_ORDER: readonly LaneTitle[] = [
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LIVE',
  'RNG',
  'INHOUSE',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
];

/** §2: categories whose page shows vendor cards (a card launches); the others list games. */
export const GAME_CENTRE_CATEGORIES: ReadonlySet<LaneTitle> = new Set([
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
]);

/** The lane a vendor is shown in (§4 lane reordering). */
export function laneOf(
  vendor: { vassalage: string; category: GameCategory; wallet_mode: WalletMode },
  rules: LaneRules = LANE_RULES,
): LaneTitle {
  if (vendor.category === 'SPORTS') {
    if (rules.esports.includes(vendor.vassalage)) return 'ESPORTS';
    if (rules.cockfight.includes(vendor.vassalage)) return 'COCKFIGHT';
  }
  if (vendor.category === 'RNG' && (rules.inhouse.includes(vendor.vassalage) || vendor.wallet_mode === 'inhouse')) {
    return 'INHOUSE';
  }
  return vendor.category;
}

/**
 * Every lane title in order: those the operator placed, by their place, then the others in the
 * default order. A lane split off another (§4) without a place of its own follows that lane.
 */
export function orderLanes(placed: readonly { title: LaneTitle; sort_order: number }[]): LaneTitle[] {
  const ranked = [...placed].sort((a, b) => a.sort_order - b.sort_order || a.title.localeCompare(b.title));
  const order: LaneTitle[] = ranked.map((p) => p.title);
  const follows: Partial<Record<LaneTitle, LaneTitle>> = { ESPORTS: 'SPORTS', COCKFIGHT: 'SPORTS', INHOUSE: 'RNG' };
  for (const title of DEFAULT_LANE_ORDER) {
    if (order.includes(title)) continue;
    const parent = follows[title];
    const at = parent ? order.indexOf(parent) : -1;
    if (at < 0) {
      order.push(title);
      continue;
    }
    // After the parent and any split lanes already placed behind it.
    let insertAt = at + 1;
    while (insertAt < order.length && follows[order[insertAt]!] === parent) insertAt++;
    order.splice(insertAt, 0, title);
  }
  return order;
}

/** Category and lane names in both languages (the top navigation and the lane titles). */
export const LANE_NAMES: Record<LaneTitle, Record<Language, string>> = {
  LIVE: { bn: 'লাইভ ক্যাসিনো', en: 'Live casino' },
  RNG: { bn: 'স্লট', en: 'Slots' },
  FISH: { bn: 'ফিশিং', en: 'Fishing' },
  PVP: { bn: 'কার্ড গেম', en: 'Card games' },
  SPORTS: { bn: 'স্পোর্টস', en: 'Sports' },
  ESPORTS: { bn: 'ই-স্পোর্টস', en: 'E-sports' },
  COCKFIGHT: { bn: 'মোরগ লড়াই', en: 'Cockfight' },
  LOTT: { bn: 'লটারি', en: 'Lottery' },
  ELOTT: { bn: 'ই-লটারি', en: 'E-lottery' },
  INHOUSE: { bn: 'নিজস্ব গেম', en: 'In-house' },
};

/** Names of the classifications the demo and the usual vendors use; others show their key. */
export const CLASSIFY_NAMES: Record<string, Record<Language, string>> = {
  SLOT: { bn: 'স্লট', en: 'Slots' },
  TABLE: { bn: 'টেবিল গেম', en: 'Table games' },
  BACCARAT: { bn: 'ব্যাকারাট', en: 'Baccarat' },
  ROULETTE: { bn: 'রুলেট', en: 'Roulette' },
  BLACKJACK: { bn: 'ব্ল্যাকজ্যাক', en: 'Blackjack' },
  DICE: { bn: 'ডাইস', en: 'Dice' },
  CARD: { bn: 'কার্ড', en: 'Cards' },
  POKER: { bn: 'পোকার', en: 'Poker' },
  RUMMY: { bn: 'রামি', en: 'Rummy' },
  BOARD: { bn: 'বোর্ড গেম', en: 'Board games' },
  GAMESHOW: { bn: 'গেম শো', en: 'Game shows' },
  FISHING: { bn: 'ফিশিং', en: 'Fishing' },
  CRASH: { bn: 'ক্র্যাশ', en: 'Crash' },
  MINES: { bn: 'মাইনস', en: 'Mines' },
  ARCADE: { bn: 'আর্কেড', en: 'Arcade' },
  KENO: { bn: 'কেনো', en: 'Keno' },
  SCRATCH: { bn: 'স্ক্র্যাচ কার্ড', en: 'Scratch cards' },
  SPORTSBOOK: { bn: 'স্পোর্টসবুক', en: 'Sportsbook' },
  EXCHANGE: { bn: 'এক্সচেঞ্জ', en: 'Exchange' },
  VIRTUAL: { bn: 'ভার্চুয়াল', en: 'Virtual sports' },
  ESPORTS: { bn: 'ই-স্পোর্টস', en: 'E-sports' },
  COCKFIGHT: { bn: 'মোরগ লড়াই', en: 'Cockfight' },
  LOTTO: { bn: 'লটো', en: 'Lotto' },
  FAST: { bn: 'দ্রুত ড্র', en: 'Fast draws' },
};

/**
 * A classification's name; our own books classify their games by their category (SPORTS, LOTT …),
 * which takes the category's name.
 */
export function classifyName(key: string, language: Language): string {
  const names = CLASSIFY_NAMES[key] ?? (Object.hasOwn(LANE_NAMES, key) ? LANE_NAMES[key as LaneTitle] : undefined);
  return names?.[language] ?? key.charAt(0) + key.slice(1).toLowerCase().replace(/_/g, ' ');
}
