import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { MAX_SERIAL } from './ids.ts';
import {
  boardCategory,
  classifyCountSchema,
  clientShape,
  clientValue,
  code,
  GAME_LIST_MAX_PAGE_SIZE,
  gameLobbyEndpoints,
  gameSummarySchema,
  queryInt,
  WINNER_BOARD_MAX,
} from './games-lobby.ts';

/*
 * The lobby's calls and schemas live in games-lobby.ts (the home page and the header call them
 * on every first load; the web bundles that file alone there). Their public names are exported
 * from here too, so `@khela/contracts` offers them as before.
 */
export {
  GAME_CATEGORIES,
  GAME_LIST_DEFAULT_PAGE_SIZE,
  GAME_LIST_MAX_PAGE_SIZE,
  gameLobbyEndpoints,
  gameSummarySchema,
  LANE_TITLES,
  laneSchema,
  LOBBY_GAME_TYPES,
  vendorCardSchema,
  WALLET_MODES,
  WINNER_BOARD_MAX,
  winnerSchema,
} from './games-lobby.ts';
export type { GameCategoryCode, GameSummary, VendorCard, VendorLane } from './games-lobby.ts';

const tags = ['game'] as const;

export const CATALOGUE_STATUSES = ['on', 'maintenance', 'off'] as const;

/** §9: the favourites list asks for 999 a page. */
export const FAVOURITES_MAX_PAGE_SIZE = 999;

/** A node id (§3: the favourite id) as the reference sends it: a number or its text. */
export const nodeIdSchema = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => /^\d{1,10}$/.test(value))
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_SERIAL));

/** Where a launch sends the player (§4 routing): the vendor's page, or one of our routes. */
export const launchResultSchema = z.object({
  /** The vendor's game page (for iframe or new window), or our route for lottery vendors. */
  url: z.string(),
  /** 'frame': open in the game frame; 'route': navigate to `url` inside the site (§4 lottery). */
  target: z.enum(['frame', 'route']),
  vassalage: z.string(),
  gameCode: z.string(),
  nodeId: z.number(),
  /** Transfer-wallet vendors: the amount moved into the vendor's wallet for this session. */
  transferred: moneyValueSchema.optional(),
});
export type LaunchResult = z.infer<typeof launchResultSchema>;

const launchQuery = z.object({
  gameCode: code(64).pipe(z.string().min(1)),
  vassalage: code(32).optional(),
  nodeId: nodeIdSchema.optional(),
  device: z.string().trim().max(16).optional(),
  backUrl: z.string().trim().max(2048).optional(),
  language: z.string().trim().max(8).optional(),
  // §7 lottery launch fields (the lottery issue gives them meaning).
  lottoArea: z.string().trim().max(8).optional(),
  launchMode: z.string().trim().max(8).optional(),
  lottoPrizeMode: z.string().trim().max(8).optional(),
  lottoGameCode: z.string().trim().max(64).optional(),
  lottoView: z.string().trim().max(16).optional(),
});

const favouriteBody = z.object({
  nodeId: nodeIdSchema,
  vendor: code(32).optional(),
  gameType: code(16).optional(),
});

/**
 * The games platform (issue 11; §3, §4, §7 Games; ARCHITECTURE §5). Lobby reads are public and
 * cached per merchant and language; favourites, recents and launches need a session.
 */
export const gameEndpoints = {
  gameMenus: defineEndpoint({
    name: 'login.game',
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Lottery game menus: the LOTT and ELOTT games grouped by their game group (§7)',
    tags,
    query: z.object({ ...clientShape, prizeMode: clientValue(16).optional(), device: clientValue(16).optional() }),
    response: z.record(
      z.string(),
      z.object({ gameGroupCode: z.string(), displayName: z.string(), gameMenus: z.array(gameSummarySchema) }),
    ),
  }),
  gameList: gameLobbyEndpoints.gameList,
  hotGames: gameLobbyEndpoints.hotGames,
  vendorLanes: gameLobbyEndpoints.vendorLanes,
  vendorGameTypes: defineEndpoint({
    name: 'eGame.vassGameType',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Game types and classifications of each vendor (or of one)',
    tags,
    query: z.object({ ...clientShape, vassalage: code(32).optional() }),
    response: z.object({
      list: z.array(
        z.object({
          vassalage: z.string(),
          displayName: z.string(),
          gameTypes: z.array(z.object({ gameType: z.string(), gameClassify: z.array(classifyCountSchema) })),
        }),
      ),
    }),
  }),
  winnerBoard: gameLobbyEndpoints.winnerBoard,
  rankList: defineEndpoint({
    name: 'home.rankList',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getRankList',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Games ranked by the number of rounds played in the last 7 days',
    tags,
    query: z.object({
      ...clientShape,
      gameCategory: boardCategory.optional(),
      limitNum: queryInt(1, WINNER_BOARD_MAX).optional(),
    }),
    response: z.object({ list: z.array(z.object({ rank: z.number(), rounds: z.number(), game: gameSummarySchema })) }),
  }),
  jackpot: defineEndpoint({
    name: 'common.getJackpot',
    method: 'GET',
    path: '/wps/relay/VIS_getJackpot',
    auth: 'none',
    switch: 'COMM3',
    summary: 'The jackpot pool: its seed plus a share of every stake',
    tags,
    query: z.object({ ...clientShape }),
    response: z.object({ amount: moneyValueSchema, currency: z.string(), updatedAt: z.string() }),
  }),
  favouriteIds: defineEndpoint({
    name: 'eGame.favGames',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    auth: 'member',
    switch: 'GAMELOFAV3',
    summary: "The node ids of the member's favourite games (as text, §7)",
    tags,
    query: z.object({ ...clientShape }),
    response: z.array(z.string()),
  }),
  favouriteList: defineEndpoint({
    name: 'eGame.favGameList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    auth: 'member',
    switch: 'GAMELOFAV3',
    summary: "The member's favourite games, newest first, a page at a time (page size up to 999)",
    tags,
    query: z.object({
      ...clientShape,
      token: z.string().max(0).optional(),
      gameType: code(16).optional(),
      pageNo: queryInt(1, 100_000).optional(),
      pageSize: queryInt(1, FAVOURITES_MAX_PAGE_SIZE).optional(),
    }),
    response: z.object({ content: z.array(gameSummarySchema), pageNum: z.number(), totalPages: z.number() }),
  }),
  addFavourite: defineEndpoint({
    name: 'eGame.addFavGame',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    auth: 'member',
    switch: 'GAMELOFAV3',
    summary: 'Add a game to the favourites (adding one already there changes nothing)',
    tags,
    body: favouriteBody,
    response: z.object({ nodeId: z.number(), added: z.boolean() }),
  }),
  removeFavourite: defineEndpoint({
    name: 'eGame.removeFavGame',
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    auth: 'member',
    switch: 'GAMELOFAV3',
    summary: 'Remove a game from the favourites (removing one not there changes nothing)',
    tags,
    body: favouriteBody,
    response: z.object({ nodeId: z.number(), removed: z.boolean() }),
  }),
  recentGames: defineEndpoint({
    name: 'eGame.recentGameList',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    auth: 'member',
    switch: 'GAMELOREC3',
    summary: 'Games the member launched, latest first (20 a page)',
    tags,
    query: z.object({
      ...clientShape,
      gameType: code(16).optional(),
      page: queryInt(1, 100_000).optional(),
      pageSize: queryInt(1, GAME_LIST_MAX_PAGE_SIZE).optional(),
    }),
    response: z.object({
      list: z.array(gameSummarySchema.extend({ lastLaunchedAt: z.string() })),
      page: z.number(),
      totalPages: z.number(),
    }),
  }),
  launch: defineEndpoint({
    name: 'pvp.launchGame',
    method: 'GET',
    path: '/wps/game/launchGame',
    auth: 'member',
    switch: 'GAMELO3',
    summary:
      'Launch a real-money game: opens a game session and answers where to go (trial, excluded, frozen members and maintenance refused)',
    tags,
    query: launchQuery,
    response: launchResultSchema,
  }),
  launchFallback: defineEndpoint({
    name: 'eGame.gameLaunchFB',
    method: 'GET',
    path: '/wps/relay/GCS_gameLaunchFB',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'Launch fallback: the same as launchGame, for clients that launch through the relay',
    tags,
    query: launchQuery,
    response: launchResultSchema,
  }),
  trialLaunch: defineEndpoint({
    name: 'game.trialGame',
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    auth: 'optional-member',
    summary: "Free trial: the vendor's game with its play money, where the vendor offers it (no wallet involved)",
    tags,
    query: launchQuery.pick({ gameCode: true, vassalage: true, nodeId: true, device: true, language: true }),
    response: launchResultSchema,
  }),
  roomList: defineEndpoint({
    name: 'pvp.rooms',
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    auth: 'member',
    summary: "A PVP game's rooms with their bet limits and players seated now",
    tags,
    query: z.object({ ...clientShape, gameCode: code(64).pipe(z.string().min(1)), vassalage: code(32).optional() }),
    response: z.object({
      rooms: z.array(
        z.object({
          roomId: z.string(),
          name: z.string(),
          minBet: moneyValueSchema,
          maxBet: moneyValueSchema,
          players: z.number(),
        }),
      ),
    }),
  }),
};
