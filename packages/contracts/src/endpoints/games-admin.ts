import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { CATALOGUE_STATUSES, GAME_CATEGORIES, LANE_TITLES, WALLET_MODES } from './games.ts';
import { MAX_SERIAL, pathId } from './ids.ts';
import { inhouseGameSchema, inhouseRoundSchema, roundIdSchema } from './inhouse.ts';

const tags = ['admin', 'game'] as const;
const idParams = pathId(MAX_SERIAL);

/** The placeholders a launch URL template may hold (the launch URL contract, docs/api.md#games). */
export const LAUNCH_URL_PLACEHOLDERS = [
  'cdn',
  'token',
  'gameCode',
  'vendorGameId',
  'language',
  'mode',
  'backUrl',
  'currency',
] as const;

/** A launch URL template: empty (in-house), or {cdn} or http(s) first, and only known placeholders. */
export function isLaunchUrlTemplate(template: string): boolean {
  if (template === '') return true;
  if (!/^(\{cdn\}|https?:\/\/)/.test(template) || /\s/.test(template)) return false;
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const braces = (template.match(/[{}]/g) ?? []).length;
  return braces === names.length * 2 && names.every((n) => (LAUNCH_URL_PLACEHOLDERS as readonly string[]).includes(n));
}

/** An image the site shows: a path of the site ("/games/…") or an http(s) address. */
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^(\/(?!\/)|https?:\/\/)[^\s"'<>\\]*$/.test(value));

const localizedName = z.object({
  bn: z.string().trim().min(1).max(100),
  en: z.string().trim().min(1).max(100),
});
const vassalage = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,32}$/);
const currencyList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/),
  )
  .min(1)
  .max(10)
  .refine((list) => new Set(list).size === list.length);
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);
const gameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const gameType = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,16}$/);
const gameClassify = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,32}$/);
const hotRank = z.number().int().min(1).max(10_000);

/** Query numbers arrive as text: digits only, then a bounded integer. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,10}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** The orders the console's games list can ask for (GET /admin/games `sort`). */
export const ADMIN_GAME_SORTS = ['lobby', 'name', 'code', 'status', 'sortOrder', 'updated'] as const;

export const adminGameVendorSchema = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  displayName: z.object({ bn: z.string(), en: z.string() }),
  logoUrl: z.string().nullable(),
  category: z.enum(GAME_CATEGORIES),
  walletMode: z.enum(WALLET_MODES),
  /** The API partner (GET /admin/vendors) whose game sessions and wallet calls serve this vendor. */
  integrationId: z.number().int().nullable(),
  integrationCode: z.string().nullable(),
  launchUrlTemplate: z.string(),
  currencies: z.array(z.string()),
  status: z.enum(CATALOGUE_STATUSES),
  sortOrder: z.number().int(),
  supportsTrial: z.boolean(),
  gameCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminGameVendor = z.infer<typeof adminGameVendorSchema>;

const gameVendorFields = {
  displayName: localizedName,
  logoUrl: imageUrl.nullable(),
  category: z.enum(GAME_CATEGORIES),
  walletMode: z.enum(WALLET_MODES),
  integrationId: z.number().int().min(1).max(MAX_SERIAL).nullable(),
  launchUrlTemplate: z.string().trim().max(2048).refine(isLaunchUrlTemplate),
  currencies: currencyList,
  status: z.enum(CATALOGUE_STATUSES),
  sortOrder,
  supportsTrial: z.boolean(),
};

export const adminGameSchema = z.object({
  /** The game's nodeId (§3). */
  id: z.number().int(),
  vendorId: z.number().int(),
  vassalage: z.string(),
  gameCode: z.string(),
  vendorGameId: z.string(),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameType: z.string(),
  name: z.object({ bn: z.string(), en: z.string() }),
  iconUrl: z.string().nullable(),
  largeIconUrl: z.string().nullable(),
  gameClassify: z.string().nullable(),
  hot: z.boolean(),
  hotRank: z.number().int().nullable(),
  isNew: z.boolean(),
  status: z.enum(CATALOGUE_STATUSES),
  minBet: moneyValueSchema,
  maxBet: moneyValueSchema,
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

const gameFields = {
  vendorGameId: gameCode,
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameType,
  name: localizedName,
  iconUrl: imageUrl.nullable(),
  largeIconUrl: imageUrl.nullable(),
  gameClassify: gameClassify.nullable(),
  hot: z.boolean(),
  /** The place among the hot games (1 first); null: after the ranked ones. */
  hotRank: hotRank.nullable(),
  isNew: z.boolean(),
  status: z.enum(CATALOGUE_STATUSES),
  minBet: amountSchema,
  maxBet: amountSchema,
  sortOrder,
};

/** An amount of the wire ("1250.5") in minor units, to compare limits without a float. */
const minorUnits = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/** At least one field: an empty change is a mistake, not a no-op. */
const someField = (value: object) => Object.keys(value).length > 0;

/** One of our own games as the operator sets it up (issue 16 item 5): its catalogue row's limits and status, its fixed RTP. */
export const adminInhouseGameSchema = z.object({
  /** The catalogue game's id: PATCH /admin/games/:id changes its limits and status. */
  id: z.number().int(),
  game: inhouseGameSchema,
  gameCode: z.string(),
  name: z.object({ bn: z.string(), en: z.string() }),
  status: z.enum(CATALOGUE_STATUSES),
  vendorStatus: z.enum(CATALOGUE_STATUSES),
  /** What players get: the game's status bounded by its vendor's. */
  effectiveStatus: z.enum(CATALOGUE_STATUSES),
  minBet: moneyValueSchema,
  maxBet: moneyValueSchema,
  /** Theoretical return to player and house edge in percent (4 decimals): fixed by the provably fair engine. */
  rtp: z.string(),
  houseEdge: z.string(),
  updatedAt: z.string(),
});
export type AdminInhouseGame = z.infer<typeof adminInhouseGameSchema>;

export const adminLaneSchema = z.object({
  title: z.enum(LANE_TITLES),
  /** The vendors the lobby shows in this lane (§4 lane rules applied), in their order. */
  vendors: z.array(z.object({ id: z.number().int(), vassalage: z.string(), sortOrder: z.number().int() })),
});

/**
 * Operator calls for the games catalogue (issue 11 item 7): the catalogue's vendors, their games
 * and the lobby's lane order, audit-logged. Every change shows in the lobby at once, on every
 * instance (docs/api.md#games: caching).
 */
export const gamesAdminEndpoints = {
  vendorsList: defineEndpoint({
    name: 'admin.gameVendors.list',
    method: 'GET',
    path: '/admin/game-vendors',
    auth: 'operator',
    summary: "The catalogue's vendors (vassalage), every status, in lane order",
    tags,
    response: z.array(adminGameVendorSchema),
  }),
  vendorsCreate: defineEndpoint({
    name: 'admin.gameVendors.create',
    method: 'POST',
    path: '/admin/game-vendors',
    auth: 'operator',
    summary:
      'Add a vendor to the catalogue: its vassalage (unique in the merchant), names, category, wallet mode and integration, launch URL template',
    tags,
    body: z.object({ vassalage, ...gameVendorFields }),
    response: adminGameVendorSchema,
  }),
  vendorsUpdate: defineEndpoint({
    name: 'admin.gameVendors.update',
    method: 'PATCH',
    path: '/admin/game-vendors/:id',
    auth: 'operator',
    summary: 'Change a vendor: the fields sent (status on, maintenance or off; order; names; logo; wallet …)',
    tags,
    params: idParams,
    body: z.object(gameVendorFields).partial().refine(someField),
    response: adminGameVendorSchema,
  }),
  gamesList: defineEndpoint({
    name: 'admin.games.list',
    method: 'GET',
    path: '/admin/games',
    auth: 'operator',
    summary: 'Games of the catalogue, every status, by vendor, type, status and name or code, a page at a time',
    tags,
    query: z.object({
      vendorId: queryInt(1, MAX_SERIAL).optional(),
      gameType: gameType.optional(),
      status: z.enum(CATALOGUE_STATUSES).optional(),
      hot: z.enum(['true', 'false']).optional(),
      /** Part of the name (either language) or of the game code. */
      q: z.string().trim().max(64).optional(),
      /** lobby (default): the lobby's own order; the others by that column, then id. */
      sort: z.enum(ADMIN_GAME_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      pageNo: queryInt(1, 100_000).optional(),
      pageSize: queryInt(1, 200).optional(),
    }),
    response: z.object({
      games: z.array(adminGameSchema),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  gamesCreate: defineEndpoint({
    name: 'admin.games.create',
    method: 'POST',
    path: '/admin/games',
    auth: 'operator',
    summary:
      'Add a game to a vendor: its code (unique for the vendor), names, icons, classification, flags and bet limits',
    tags,
    body: z
      .object({
        vendorId: z.number().int().min(1).max(MAX_SERIAL),
        gameCode,
        ...gameFields,
        vendorGameId: gameFields.vendorGameId.optional(),
        isGame: gameFields.isGame.default('GAME'),
        /** Left out: the vendor's category. */
        gameType: gameType.optional(),
        hot: z.boolean().default(false),
        hotRank: hotRank.nullable().default(null),
        isNew: z.boolean().default(false),
        status: z.enum(CATALOGUE_STATUSES).default('on'),
        sortOrder: sortOrder.default(0),
      })
      .refine((game) => minorUnits(game.minBet) <= minorUnits(game.maxBet), { path: ['maxBet'] }),
    response: adminGameSchema,
  }),
  gamesUpdate: defineEndpoint({
    name: 'admin.games.update',
    method: 'PATCH',
    path: '/admin/games/:id',
    auth: 'operator',
    summary:
      'Change a game: the fields sent (status incl. maintenance, hot flag and rank, new flag, icons, limits, order …)',
    tags,
    params: idParams,
    body: z.object(gameFields).partial().refine(someField),
    response: adminGameSchema,
  }),
  lanesList: defineEndpoint({
    name: 'admin.gameLanes.list',
    method: 'GET',
    path: '/admin/game-lanes',
    auth: 'operator',
    summary: "The lobby's lanes in order, each with its vendors in order (every status but off)",
    tags,
    response: z.array(adminLaneSchema),
  }),
  lanesUpdate: defineEndpoint({
    name: 'admin.gameLanes.update',
    method: 'PUT',
    path: '/admin/game-lanes',
    auth: 'operator',
    summary:
      'Order the lanes (the order given; lanes left out follow in their current order) and, per lane, its vendors (vendor ids of that lane)',
    tags,
    body: z
      .object({
        lanes: z
          .array(
            z.object({
              title: z.enum(LANE_TITLES),
              vendorIds: z.array(z.number().int().min(1).max(MAX_SERIAL)).max(500).optional(),
            }),
          )
          .min(1)
          .max(LANE_TITLES.length),
      })
      .refine((body) => new Set(body.lanes.map((l) => l.title)).size === body.lanes.length, { path: ['lanes'] }),
    response: z.array(adminLaneSchema),
  }),
  inhouseGames: defineEndpoint({
    name: 'admin.inhouse.games',
    method: 'GET',
    path: '/admin/inhouse/games',
    auth: 'operator',
    summary:
      'Our own games (dice, mines, slot, andar-bahar, crash): bet limits, status and theoretical RTP; change them with PATCH /admin/games/:id',
    tags,
    response: z.array(adminInhouseGameSchema),
  }),
  inhouseRound: defineEndpoint({
    name: 'admin.inhouse.round',
    method: 'GET',
    path: '/admin/inhouse/rounds/:roundId',
    auth: 'operator',
    summary: 'Any round of our own games by its id, with its member and seeds (issue 12 item 4)',
    tags,
    params: z.object({ roundId: roundIdSchema }),
    response: inhouseRoundSchema.extend({ memberId: z.number().int(), username: z.string() }),
  }),
};
