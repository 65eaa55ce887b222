/**
 * §2 home game sections and §9 limits. Section types are the game categories of the top
 * navigation; esports and cockfight have sections but are hidden on home.
 */
export const GAME_SECTION_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'] as const;
export type GameSectionType = (typeof GAME_SECTION_TYPES)[number];
export const HIDDEN_ON_HOME: readonly GameSectionType[] = ['ESPORTS', 'COCKFIGHT'];

/** §9: home sections show at most 12 items. */
export const HOME_SECTION_LIMIT = 12;
/** §2: the section slider shows 6 per view with spacing 10 (fewer on narrow screens). */
export const SECTION_SLIDES_PER_VIEW = 6;
export const SECTION_SPACING_PX = 10;
/** §9: game card themes cycle through 6 by node id. */
export const CARD_THEME_COUNT = 6;

/** A game as a card shows it, with what its launch needs (utils/game-item.ts maps the lobby's games onto it). */
export interface GameItem {
  /** The node id (§3): favourites, recents and the card theme go by it. */
  id: string | number;
  name: string;
  icon?: string | null;
  gameCode?: string;
  vendor?: string;
  vassalage?: string;
  gameType?: string;
  isGame?: string;
  status?: string;
}

export const homeSectionTypes = (types: readonly GameSectionType[] = GAME_SECTION_TYPES) =>
  types.filter((type) => !HIDDEN_ON_HOME.includes(type));

/** §2: prev/next arrows only when the section has more than 12 items. */
export const showSectionArrows = (total: number) => total > HOME_SECTION_LIMIT;

/** §9: at most 12 items on home. */
export const capHomeItems = <T>(items: readonly T[]): T[] => items.slice(0, HOME_SECTION_LIMIT);

/** The section's 'more' link: its /{type} page (§4: category → /{type lowercased}). */
export const sectionPath = (type: GameSectionType) => `/${type.toLowerCase()}`;

/** §9: one of 6 card themes, chosen by the game's id so a card keeps its look. */
export function cardTheme(id: string | number): number {
  const n = typeof id === 'number' ? id : [...id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return Math.abs(Math.trunc(n)) % CARD_THEME_COUNT;
}
