import {
  GAME_LIST_DEFAULT_PAGE_SIZE,
  type GameSummary,
  type Language,
  type VendorCard,
  type VendorLane,
} from '@khela/contracts';
import type { LaneTitle } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { pickLocalized } from '../../system/localized.ts';
import type { CatalogueSnapshot, VendorEntry } from './catalogue-snapshot.ts';
import { toGameSummary, type CatalogueGame } from './games-repository.ts';
import { classifyName, GAME_CENTRE_CATEGORIES, LANE_NAMES } from './lanes.ts';

/**
 * The reference sends SPB and MXWIN for RNG games (endpoints.md §3). §1 mini games (/bgs) are the quick games of the INHOUSE lane
 * (our originals and the vendors §4 moves there); no vendor category is BGS (§3).
 */
const GAME_TYPE_ALIASES: Record<string, LaneTitle> = { SPB: 'RNG', MXWIN: 'RNG', BGS: 'INHOUSE' };
/** §2: /rng?vassalage=INHOUSE lists the vendors of the INHOUSE lane. */
const INHOUSE = 'INHOUSE';
/** The hot games strip shows at most this many. */
export const HOT_GAMES_MAX = 50;

export interface LobbyView {
  snapshot: CatalogueSnapshot;
  language: Language;
  /** The merchant's default language: names missing in `language` fall back to it. */
  fallback: Language;
}

const isTile = (game: CatalogueGame) => game.game.is_game === 'VASSALAGE';

function summaries(view: LobbyView, games: readonly CatalogueGame[]): GameSummary[] {
  return games.map((game) => toGameSummary(game, view.language, view.fallback));
}

/** The vendor a query names, or game.vendor_not_found (unknown, 'off', or another merchant's). */
function vendorNamed(view: LobbyView, vassalage: string): VendorEntry {
  const entry = view.snapshot.byVassalage.get(vassalage.toUpperCase());
  if (!entry) throw new AppError('game.vendor_not_found');
  return entry;
}

/** key, displayName and count of each classification among `games`, most games first. */
function classifyCounts(view: LobbyView, games: readonly CatalogueGame[]) {
  const counts = new Map<string, number>();
  for (const { game } of games) {
    if (game.game_classify && game.is_game === 'GAME')
      counts.set(game.game_classify, (counts.get(game.game_classify) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, gameCount]) => ({ key, displayName: classifyName(key, view.language), gameCount }));
}

function card(view: LobbyView, entry: VendorEntry): VendorCard {
  const { vendor } = entry;
  const tile = entry.games.find(isTile);
  const playable = entry.games.filter((game) => !isTile(game));
  // §3 isGame VASSALAGE opens the vendor's list; on a game-centre page (§2) the card launches.
  const launches = tile ?? (GAME_CENTRE_CATEGORIES.has(entry.lane) ? playable[0] : undefined);
  return {
    vassalage: vendor.vassalage,
    displayName: pickLocalized(vendor.display_name, view.language, view.fallback),
    category: vendor.category,
    gameType: vendor.category,
    logoUrl: vendor.logo_url,
    lagerIcon: vendor.logo_url,
    gameCode: launches?.game.game_code ?? null,
    nodeId: launches?.game.id ?? null,
    isGame: tile ? 'VASSALAGE' : 'GAME',
    status: vendor.status === 'maintenance' ? 'maintenance' : 'on',
    walletMode: vendor.wallet_mode,
    supportsTrial: vendor.supports_trial,
    gameCount: playable.length,
  };
}

export interface GameListQuery {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

/** §7 game list: a category (its lane, after §4), a vendor, a classification, a name; a page of it. */
export function gameList(view: LobbyView, query: GameListQuery) {
  const type = query.gameType ? (GAME_TYPE_ALIASES[query.gameType] ?? (query.gameType as LaneTitle)) : undefined;
  let vendors: VendorEntry[];
  if (query.vassalage) {
    vendors =
      query.vassalage.toUpperCase() === INHOUSE
        ? view.snapshot.vendors.filter((entry) => entry.lane === 'INHOUSE')
        : [vendorNamed(view, query.vassalage)];
    // A named vendor matches the type of its lane or of its own category (JL: INHOUSE and RNG).
    if (type) vendors = vendors.filter((entry) => entry.lane === type || entry.vendor.category === type);
  } else {
    vendors = type ? view.snapshot.vendors.filter((entry) => entry.lane === type) : view.snapshot.vendors;
  }
  // A VASSALAGE tile opens a vendor's list: it has no place inside that vendor's own list.
  let games = vendors.flatMap((entry) => (query.vassalage ? entry.games.filter((g) => !isTile(g)) : entry.games));
  if (query.gameClassify) {
    const classify = query.gameClassify.toUpperCase();
    games = games.filter(({ game }) => game.game_classify === classify);
  }
  const name = query.gameName?.normalize('NFC').toLowerCase();
  if (name) games = games.filter(({ game }) => view.snapshot.searchText.get(game.id)!.includes(name));
  const pageSize = query.pageSize ?? GAME_LIST_DEFAULT_PAGE_SIZE;
  const pageNo = query.pageNo ?? 1;
  const start = (pageNo - 1) * pageSize;
  return {
    games: summaries(view, games.slice(start, start + pageSize)),
    pageNo,
    pageSize,
    totalPages: Math.ceil(games.length / pageSize),
    totalCount: games.length,
  };
}

/** §7 hot games: the flagged ones in rank order (unranked after), optionally of one vendor. */
export function hotGames(view: LobbyView, query: { vassalage?: string | undefined }) {
  const pool = query.vassalage ? vendorNamed(view, query.vassalage).games : view.snapshot.games;
  const order = new Map(view.snapshot.games.map((game, index) => [game, index]));
  const hot = pool
    .filter(({ game }) => game.hot && game.is_game === 'GAME')
    .sort(
      (a, b) =>
        (a.game.hot_rank ?? Number.MAX_SAFE_INTEGER) - (b.game.hot_rank ?? Number.MAX_SAFE_INTEGER) ||
        order.get(a)! - order.get(b)!,
    );
  return { list: summaries(view, hot.slice(0, HOT_GAMES_MAX)) };
}

/**
 * §3 vendor lanes in the lobby's order, each with its vendor cards and classification counts; only
 * lanes with a vendor, so the titles are also the top navigation (§2). The §4 reordering is the
 * snapshot's: esports and cockfight vendors of SPORTS, and the excluded RNG vendors, have lanes of
 * their own.
 */
export function vendorLanes(view: LobbyView): { data: { lanes: VendorLane[] } } {
  const lanes: VendorLane[] = [];
  for (const title of view.snapshot.laneOrder) {
    const entries = view.snapshot.vendors.filter((entry) => entry.lane === title);
    if (!entries.length) continue;
    lanes.push({
      title,
      displayName: LANE_NAMES[title][view.language],
      cards: entries.map((entry) => card(view, entry)),
      gameClassify: classifyCounts(
        view,
        entries.flatMap((entry) => entry.games),
      ),
    });
  }
  return { data: { lanes } };
}

/** Game types and their classifications, per vendor (or of one). */
export function vendorGameTypes(view: LobbyView, query: { vassalage?: string | undefined }) {
  const entries = query.vassalage ? [vendorNamed(view, query.vassalage)] : view.snapshot.vendors;
  return {
    list: entries.map((entry) => {
      const types = new Map<string, CatalogueGame[]>();
      for (const game of entry.games) {
        if (isTile(game)) continue;
        types.set(game.game.game_type, [...(types.get(game.game.game_type) ?? []), game]);
      }
      return {
        vassalage: entry.vendor.vassalage,
        displayName: pickLocalized(entry.vendor.display_name, view.language, view.fallback),
        gameTypes: [...types].map(([gameType, games]) => ({ gameType, gameClassify: classifyCounts(view, games) })),
      };
    }),
  };
}

/**
 * §7 lottery game menus (/lgw/games/game_menus): the games of the LOTT and ELOTT lanes grouped by
 * their classification (the game group). prizeMode LOTT or ELOTT (any case) keeps one lane.
 */
export function gameMenus(view: LobbyView, query: { prizeMode?: string | undefined }) {
  const mode = query.prizeMode?.toUpperCase();
  const lanes: LaneTitle[] = mode === 'LOTT' || mode === 'ELOTT' ? [mode] : ['LOTT', 'ELOTT'];
  const groups: Record<string, { gameGroupCode: string; displayName: string; gameMenus: GameSummary[] }> = {};
  for (const entry of view.snapshot.vendors) {
    if (!lanes.includes(entry.lane)) continue;
    for (const game of entry.games) {
      if (isTile(game)) continue;
      const code = game.game.game_classify ?? 'OTHER';
      groups[code] ??= { gameGroupCode: code, displayName: classifyName(code, view.language), gameMenus: [] };
      groups[code].gameMenus.push(toGameSummary(game, view.language, view.fallback));
    }
  }
  return groups;
}
