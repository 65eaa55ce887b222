import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';

/**
 * The lobby's public reads that the home page and the site header make on every first load (game
 * list, hot games, vendor lanes, winner board) with the schemas they share. A file of its own so
 * the web's first load carries these and not the rest of the games group (apps/web/vite.config.ts
 * gives games.ts a chunk of its own); games.ts builds `gameEndpoints` from them.
 */
const tags = ['game'] as const;

/** §3 game categories that hold vendors (HOME and PROMOTIONS are pages, not catalogue entries). */
export const GAME_CATEGORIES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
export type GameCategoryCode = (typeof GAME_CATEGORIES)[number];
/** §3 vendor lane titles: the categories plus INHOUSE (§4: excluded RNG vendors move there). */
export const LANE_TITLES = [...GAME_CATEGORIES, 'INHOUSE'] as const;
export const WALLET_MODES = ['seamless', 'transfer', 'inhouse'] as const;

/** §9: game lists and recents 20 a page (the reference sends 12 on home, 24 elsewhere). */
export const GAME_LIST_DEFAULT_PAGE_SIZE = 20;
export const GAME_LIST_MAX_PAGE_SIZE = 100;
/** §9: the winner board shows 20 entries. */
export const WINNER_BOARD_MAX = 20;

export const code = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => /^[A-Za-z0-9_.:-]*$/.test(value));

/** Query numbers arrive as text: digits only, then a bounded integer. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,10}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Letters, digits and the separators the reference's client values use ("flash,html5-desktop"). */
export const clientValue = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => /^[A-Za-z0-9_.,:-]*$/.test(value));

/**
 * The reference's client fields: accepted and ignored (we serve one HTML5 client; the merchant is
 * the request's, never the query's), except `language`, which wins over the Language header.
 */
export const clientShape = {
  clientType: clientValue(8).optional(),
  platform: clientValue(64).optional(),
  merchant: clientValue(32).optional(),
  merchantCode: clientValue(32).optional(),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['bn', 'en']))
    .optional(),
  imgSize: clientValue(8).optional(),
};

/**
 * gameType of the lobby calls: a lane title (§3), or SPB and MXWIN, which the reference sends for
 * RNG games (endpoints.md §3) and which mean RNG here, or BGS, the mini games page (§1, /bgs),
 * which lists the INHOUSE lane. Case-insensitive.
 */
export const LOBBY_GAME_TYPES = [...LANE_TITLES, 'SPB', 'MXWIN', 'BGS'] as const;
const lobbyGameType = z.string().trim().toUpperCase().pipe(z.enum(LOBBY_GAME_TYPES));
/** gameCategory of the winner board and the rank list: ALL, or one category. */
export const boardCategory = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(['ALL', ...LANE_TITLES]));

/** A game as every lobby call shows it (§3 Game). */
export const gameSummarySchema = z.object({
  /** Our id of the game: the favourite and recent id (§3 nodeId). */
  nodeId: z.number(),
  /** The vendor's own id of the game. */
  gameId: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  /** §3: VASSALAGE opens the vendor's game list instead of a game. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameType: z.string(),
  gameName: z.string(),
  displayName: z.string(),
  iconUrl: z.string().nullable(),
  showIcon: z.string().nullable(),
  lagerIcon: z.string().nullable(),
  gameClassify: z.string().nullable(),
  hot: z.boolean(),
  isNew: z.boolean(),
  /** 'maintenance' games are listed and refused at launch (§8 game maintenance). */
  status: z.enum(['on', 'maintenance']),
  minBet: moneyValueSchema,
  maxBet: moneyValueSchema,
  supportsTrial: z.boolean(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** A winner board entry (§3 Winner entry): the name masked, the win and the game it came from. */
export const winnerSchema = z.object({
  customerName: z.string(),
  winAmount: moneyValueSchema,
  wonAt: z.string(),
  nodeId: z.number(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  gameName: z.string(),
  iconUrl: z.string().nullable(),
});

export const classifyCountSchema = z.object({ key: z.string(), displayName: z.string(), gameCount: z.number() });

/** A vendor card of a lane (§3 Vendor lane cards). */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  category: z.enum(GAME_CATEGORIES),
  gameType: z.string(),
  logoUrl: z.string().nullable(),
  lagerIcon: z.string().nullable(),
  /**
   * The game the card launches: the vendor's first game on the game-centre pages (§2: SPORTS,
   * ESPORTS, COCKFIGHT, LOTT, ELOTT), or its VASSALAGE tile; null where the card opens the list.
   */
  gameCode: z.string().nullable(),
  nodeId: z.number().nullable(),
  /** §3: VASSALAGE when the vendor's tile opens its game list in a popup. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  status: z.enum(['on', 'maintenance']),
  walletMode: z.enum(WALLET_MODES),
  supportsTrial: z.boolean(),
  gameCount: z.number(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/**
 * A lobby lane (§3 Vendor lane): a category and its vendors, in the operator's lane order. Only
 * lanes with at least one vendor are sent, so the lanes are also the top navigation (§2).
 */
export const laneSchema = z.object({
  title: z.enum(LANE_TITLES),
  /** The category's name in the request's language. */
  displayName: z.string(),
  cards: z.array(vendorCardSchema),
  gameClassify: z.array(classifyCountSchema),
});
export type VendorLane = z.infer<typeof laneSchema>;

/** The lobby reads of `gameEndpoints` (games.ts), for the first load's code. */
export const gameLobbyEndpoints = {
  gameList: defineEndpoint({
    name: 'eGame.games',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    // Public (a visitor browses /live): the answer is the same for every player, so it is cached.
    auth: 'none',
    switch: 'GAMELO3',
    summary: 'Games of a category, optionally of one vendor and classification, by name, a page at a time',
    tags,
    query: z.object({
      ...clientShape,
      gameType: lobbyGameType.optional(),
      /** A vendor, or INHOUSE: the vendors of the INHOUSE lane (§2 /rng?vassalage=INHOUSE). */
      vassalage: code(32).optional(),
      gameClassify: code(32).optional(),
      /** Search by name (either language), at least 1 character after trimming. */
      gameName: z.string().trim().max(64).optional(),
      pageNo: queryInt(1, 100_000).optional(),
      pageSize: queryInt(1, GAME_LIST_MAX_PAGE_SIZE).optional(),
    }),
    response: z.object({
      games: z.array(gameSummarySchema),
      pageNo: z.number(),
      pageSize: z.number(),
      totalPages: z.number(),
      totalCount: z.number(),
    }),
  }),
  hotGames: defineEndpoint({
    name: 'eGame.gameHot',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    auth: 'none',
    switch: 'GAMELOHOT3',
    summary: 'Hot games in rank order',
    tags,
    query: z.object({ ...clientShape, isPlatform: clientValue(4).optional(), vassalage: code(32).optional() }),
    response: z.object({ list: z.array(gameSummarySchema) }),
  }),
  vendorLanes: defineEndpoint({
    name: 'eGame.gameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    auth: 'none',
    summary: 'Vendor lanes: the vendors of each category with their classification counts (§4 lane order)',
    tags,
    /** `flush` (the reference's forced refresh) is accepted; the cache is dropped on every change anyway. */
    query: z.object({ ...clientShape, flush: clientValue(8).optional() }),
    response: z.object({ data: z.object({ lanes: z.array(laneSchema) }) }),
  }),
  winnerBoard: defineEndpoint({
    name: 'home.winnerBoard',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    auth: 'none',
    switch: 'COMM3',
    summary: 'The largest recent wins (customer names masked), each with its game',
    tags,
    query: z.object({
      ...clientShape,
      gameCategory: boardCategory.optional(),
      limitNum: queryInt(1, WINNER_BOARD_MAX).optional(),
    }),
    response: z.object({
      list: z.array(
        z.object({
          rank: z.number(),
          vo: winnerSchema,
        }),
      ),
    }),
  }),
};
