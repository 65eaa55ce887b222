import type { VendorLane } from '@khela/contracts';
import type { GameListFilter } from '../api/get-game-list.ts';

/** §2 the game list centre's categories (/live, /fish, /rng, /pvp, /bgs). */
export const LIST_CATEGORIES = ['LIVE', 'FISH', 'RNG', 'PVP', 'BGS'] as const;
export type ListCategory = (typeof LIST_CATEGORIES)[number];
/** §2/§4: `?vassalage=INHOUSE` on /rng lists the in-house lane's vendors (JL). */
export const INHOUSE = 'INHOUSE';

export interface ListTab {
  /** undefined: every vendor of the category. */
  vassalage?: string;
  name: string;
  icon?: string | null;
  /** The vendors a tab stands for besides its own vassalage (the in-house tab: its lane's vendors). */
  members?: ReadonlySet<string | undefined>;
}

/**
 * The vendor tabs of a list page: all, then the category lane's vendors in lane order; on /rng an
 * in-house tab after them when the lanes have an INHOUSE lane (§4 puts excluded RNG vendors there).
 */
export function listTabs(lanes: readonly VendorLane[], category: string): ListTab[] {
  // §1 mini games (/bgs) are the INHOUSE lane's games (the server's game list answers BGS with them).
  const lane = lanes.find((l) => l.title === (category === 'BGS' ? INHOUSE : category));
  const tabs: ListTab[] = [{ name: category }];
  for (const card of lane?.cards ?? [])
    tabs.push({ vassalage: card.vassalage, name: card.displayName, icon: card.logoUrl });
  const inhouse = category === 'RNG' ? lanes.find((l) => l.title === INHOUSE) : undefined;
  if (inhouse && inhouse.cards.length > 0) {
    tabs.push({
      vassalage: INHOUSE,
      name: inhouse.displayName,
      members: new Set(inhouse.cards.map((card) => card.vassalage)),
    });
  }
  return tabs;
}

/** The game-list query of a page's filters (§7: gameType, vassalage, gameClassify, gameName). */
export function listFilter(filter: { category: string; vassalage?: string; classify?: string; name?: string }) {
  const query: GameListFilter = { gameType: filter.category };
  if (filter.vassalage) query.vassalage = filter.vassalage;
  if (filter.classify) query.gameClassify = filter.classify;
  if (filter.name) query.gameName = filter.name;
  return query;
}
