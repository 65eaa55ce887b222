import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { clientShape, clientValue } from './games-lobby.ts';
import { MAX_BIGSERIAL, pathId } from './ids.ts';
import { page, pagingShape, requestIdSchema, sortShape } from './wallet.ts';

/**
 * Our own lottery and e-lottery (issue 15 items 1 and 5; §4, §7, endpoints.md §8; ADR 0021). Games
 * draw on schedules (packages/games/src/lottery); each draw's server seed is committed by its
 * SHA-256 before the draw takes bets and revealed with the result, so anyone can redo it with
 * drawLottery(format, { serverSeed, clientSeed, nonce: 0 }). Amounts are decimal strings; odds are
 * multipliers of the stake, stake included ("1.96", "9800"); times ISO 8601.
 */

const isoTime = z.iso.datetime({ offset: true });

export const LOTTERY_FORMAT_NAMES = ['digits5', 'vn_south', 'vn_north', 'sea4d'] as const;
/** §4 prize modes: e-lottery (ELOTT), the daily regional draws (LOTT, ZY) and the 4D draw (SEA). */
export const LOTTERY_PRIZE_MODES = ['LOTT', 'ELOTT', 'ZY', 'SEA'] as const;
export const LOTTERY_DRAW_STATES = ['open', 'drawn', 'settled', 'void'] as const;
export const LOTTERY_TICKET_STATES = ['pending', 'won', 'lost', 'void'] as const;
export const LOTTERY_GAME_STATUSES = ['on', 'off'] as const;
/** At most this many bets in one purchase. */
export const LOTTERY_MAX_BETS = 50;

/** A game's code: lowercase letters, digits, `-` and `_` (the catalogue's game code). */
export const lotteryGameCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => /^[a-z0-9_-]+$/.test(value));

/**
 * An issue number: `YYYYMMDD-NNNN` (interval games) or `YYYYMMDD` (daily games). Digits and dashes
 * here; whether the game has that draw is the server's (`lottery.issue_not_open`).
 */
export const lotteryIssueSchema = z
  .string()
  .trim()
  .max(16)
  .refine((value) => /^\d[\d-]*$/.test(value));

export const lotteryScheduleSchema = z.object({
  kind: z.enum(['interval', 'daily']),
  /** Interval games: seconds between draws (60, 180, 300 …); null for daily games. */
  everySeconds: z.number().int().nullable(),
  /** Daily games: local time of the draw `HH:MM`; null for interval games. */
  at: z.string().nullable(),
  timeZone: z.string(),
  closeBeforeSeconds: z.number().int(),
});

export const lotteryTierSchema = z.object({ tier: z.string(), numbers: z.array(z.string()) });

/** A draw as everybody may see it: the committed hash always, the seed and result once drawn. */
export const lotteryDrawSchema = z.object({
  drawId: z.string(),
  gameCode: z.string(),
  issue: z.string(),
  format: z.enum(LOTTERY_FORMAT_NAMES),
  opensAt: isoTime,
  closesAt: isoTime,
  drawAt: isoTime,
  state: z.enum(LOTTERY_DRAW_STATES),
  serverSeedHash: z.string(),
  /** Revealed with the result (null while open, and for a draw voided before it was drawn). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The prize tiers in order (digits5: one tier "main" of five digits). */
  result: z.array(lotteryTierSchema).nullable(),
  drawnAt: isoTime.nullable(),
  /** Drawn after its time (the server was down at drawAt): drawn late, not skipped (ADR 0021). */
  late: z.boolean(),
  voidReason: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  /** The catalogue game's node id (launch, favourites). */
  nodeId: z.number().int(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  /** The catalogue vendor: TCG_LOTTO_VN (/vnLottery), TCG_SEA (/seaLottery), others (/lottery). */
  vassalage: z.string(),
  gameGroupCode: z.string(),
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  format: z.enum(LOTTERY_FORMAT_NAMES),
  schedule: lotteryScheduleSchema,
  betTypes: z.array(z.string()),
  /** Odds by odds key (the bet type, or type and tier: box3_6, big4d_first …), multipliers as text. */
  odds: z.record(z.string(), z.string()),
  minBet: moneyValueSchema,
  maxBet: moneyValueSchema,
  status: z.enum(LOTTERY_GAME_STATUSES),
  /** The draw taking bets now (or closed, waiting for its draw time). */
  current: z.object({ issue: z.string(), closesAt: isoTime, drawAt: isoTime, serverSeedHash: z.string().nullable() }),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

const menuGroupSchema = z.object({
  gameGroupCode: z.string(),
  displayName: z.string(),
  gameMenus: z.array(lotteryGameSchema),
});

/** What a bet picks; which fields apply depends on the bet type (the server checks each). */
export const lotterySelectionSchema = z.object({
  position: z.number().int().min(-1000).max(1000).optional(),
  digit: z.number().int().min(-1000).max(1000).optional(),
  pick: z.string().max(8).optional(),
  number: z.string().max(8).optional(),
});
export type LotterySelection = z.infer<typeof lotterySelectionSchema>;

export const lotteryBetInputSchema = z.object({
  betType: z.string().trim().min(1).max(32),
  selection: lotterySelectionSchema,
  stake: amountSchema,
});

export const lotteryTicketSchema = z.object({
  ticketId: z.string(),
  purchaseId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  issue: z.string(),
  drawAt: isoTime,
  betType: z.string(),
  selection: lotterySelectionSchema,
  stake: moneyValueSchema,
  /** The odds of the bet's best hit when bought (a lo2 may hit several times, each paying this). */
  odds: z.string(),
  potentialWin: moneyValueSchema,
  state: z.enum(LOTTERY_TICKET_STATES),
  /** What it paid back, stake included (0.00 lost; the stake when void); null while pending. */
  payout: moneyValueSchema.nullable(),
  /** The odds keys it hit (e.g. ["big4d_starter"]). */
  hits: z.array(z.string()),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

export const lotteryPurchaseSchema = z.object({
  purchaseId: z.string(),
  gameCode: z.string(),
  issue: z.string(),
  totalStake: moneyValueSchema,
  /** The main wallet after the purchase. */
  balance: moneyValueSchema,
  tickets: z.array(lotteryTicketSchema),
});
export type LotteryPurchase = z.infer<typeof lotteryPurchaseSchema>;

export const lotteryNearSchema = z.object({
  gameCode: z.string(),
  serverTime: isoTime,
  issue: z.string(),
  opensAt: isoTime,
  closesAt: isoTime,
  drawAt: isoTime,
  /** Whole seconds until betting closes (0 once closed) and until the draw. */
  secondsToClose: z.number().int(),
  secondsToDraw: z.number().int(),
  serverSeedHash: z.string().nullable(),
  /** The latest drawn (or voided) draw of the game. */
  previous: lotteryDrawSchema.nullable(),
});

const tags = ['lottery'] as const;
const gameCodeQuery = { gameCode: lotteryGameCodeSchema };

export const lotteryEndpoints = {
  vnMenus: defineEndpoint({
    name: 'lott.vnlottMenus',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Our lottery games grouped by game group, each with its schedule, bet types, odds and open draw',
    tags,
    query: z.object({ ...clientShape, prizeMode: clientValue(16).optional(), device: clientValue(16).optional() }),
    response: z.record(z.string(), menuGroupSchema),
  }),
  recent: defineEndpoint({
    name: 'lott.lottRecent',
    aliases: ['/lgw/games/game_menus/recent'],
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    auth: 'member',
    switch: 'COMM3',
    summary: 'The lottery games I bought tickets in, most recent first (at most 10)',
    tags,
    response: z.object({ list: z.array(lotteryGameSchema) }),
  }),
  latestByGame: defineEndpoint({
    name: 'home.vnNumero',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'none',
    switch: 'COMM3',
    summary: 'The latest drawn result of every lottery game, by game code',
    tags,
    query: z.object({ ...clientShape }),
    response: z.record(z.string(), lotteryDrawSchema),
  }),
  openedNumero: defineEndpoint({
    name: 'home.openedNumero',
    aliases: ['/lgw/games/opened/numero'],
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Drawn results, newest first, of every game or one',
    tags,
    query: z.object({ ...clientShape, gameCode: lotteryGameCodeSchema.optional(), ...pagingShape }),
    response: page(lotteryDrawSchema),
  }),
  games: defineEndpoint({
    name: 'lottery.game',
    method: 'GET',
    path: '/lgw/games',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Our lottery games (on), optionally of one prize mode',
    tags,
    query: z.object({ ...clientShape, prizeMode: clientValue(16).optional() }),
    response: z.object({ list: z.array(lotteryGameSchema) }),
  }),
  popular: defineEndpoint({
    name: 'lottery.popular',
    method: 'GET',
    path: '/lgw/games/popular',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Lottery games by tickets sold in the last 24 hours, most first',
    tags,
    query: z.object({ ...clientShape }),
    response: z.object({ list: z.array(lotteryGameSchema) }),
  }),
  draws: defineEndpoint({
    name: 'lottery.draw',
    method: 'GET',
    path: '/lgw/draw',
    auth: 'none',
    switch: 'COMM3',
    summary: 'The latest drawn results with their seeds, of every game or one',
    tags,
    query: z.object({ ...clientShape, gameCode: lotteryGameCodeSchema.optional(), ...pagingShape }),
    response: page(lotteryDrawSchema),
  }),
  drawHistory: defineEndpoint({
    name: 'lottoDraw',
    method: 'GET',
    path: '/lgw/draw/code/:code',
    auth: 'none',
    switch: 'COMM3',
    summary: "One game's draw history, newest first: results, seeds, late and voided draws",
    tags,
    params: z.object({ code: lotteryGameCodeSchema }),
    query: z.object({ ...clientShape, ...pagingShape }),
    response: page(lotteryDrawSchema),
  }),
  near: defineEndpoint({
    name: 'lottery.issue',
    method: 'GET',
    path: '/lgw/numeros/near',
    auth: 'none',
    switch: 'COMM3',
    summary: "A game's draw taking bets now, its close and draw times, and the previous result",
    tags,
    query: z.object({ ...clientShape, ...gameCodeQuery }),
    response: lotteryNearSchema,
  }),
  buy: defineEndpoint({
    name: 'lottery.bet',
    method: 'POST',
    path: '/lgw/bets',
    auth: 'member',
    switch: 'COMM3',
    summary:
      'Buy tickets for an open draw: one ticket per bet, the total staked at once; the same requestId twice buys once',
    tags,
    body: z.object({
      gameCode: lotteryGameCodeSchema,
      issue: lotteryIssueSchema,
      requestId: requestIdSchema,
      bets: z.array(lotteryBetInputSchema).min(1).max(LOTTERY_MAX_BETS),
    }),
    response: lotteryPurchaseSchema,
  }),
  myTickets: defineEndpoint({
    name: 'lottery.myTickets',
    method: 'GET',
    path: '/lgw/bets',
    auth: 'member',
    switch: 'COMM3',
    summary: 'My tickets, newest first, with their state and payout',
    tags,
    query: z.object({
      gameCode: lotteryGameCodeSchema.optional(),
      state: z.enum(LOTTERY_TICKET_STATES).optional(),
      ...pagingShape,
    }),
    response: page(lotteryTicketSchema),
  }),
};

// ---- Operator calls (/admin, audited) ----

export const adminLotteryGameSchema = lotteryGameSchema.extend({
  /** Odds in basis points of ×1 (10000 = ×1), as stored. */
  oddsBp: z.record(z.string(), z.number().int()),
});

export const adminLotteryDrawSchema = lotteryDrawSchema.extend({
  tickets: z.number().int(),
  staked: moneyValueSchema,
  paid: moneyValueSchema,
});

export const lotteryGameUpdateSchema = z.object({
  status: z.enum(LOTTERY_GAME_STATUSES).optional(),
  closeBeforeSeconds: z.number().int().min(0).max(86_399).optional(),
  /** Odds in basis points by odds key; only keys of the game's format; each 10000 (×1) to 1e9. */
  oddsBp: z.record(z.string().max(32), z.number().int().min(10_000).max(1_000_000_000)).optional(),
  minBet: amountSchema.optional(),
  maxBet: amountSchema.optional(),
});

const adminTags = ['admin', 'lottery'] as const;

/** What the operators' draw list sorts by (newest draw first unless asked). */
export const ADMIN_LOTTERY_DRAW_SORTS = ['drawAt', 'issue', 'state'] as const;

export const lotteryAdminEndpoints = {
  games: defineEndpoint({
    name: 'admin.lottery.games',
    method: 'GET',
    path: '/admin/lottery/games',
    auth: 'operator',
    summary: 'Lottery games with their schedules, close times, odds, limits and status',
    tags: adminTags,
    response: z.array(adminLotteryGameSchema),
  }),
  gameUpdate: defineEndpoint({
    name: 'admin.lottery.gameUpdate',
    method: 'PUT',
    path: '/admin/lottery/games/:code',
    auth: 'operator',
    summary: 'Change a game: on or off, close seconds, odds, limits (tickets already sold keep their odds); audited',
    tags: adminTags,
    params: z.object({ code: lotteryGameCodeSchema }),
    body: lotteryGameUpdateSchema,
    response: adminLotteryGameSchema,
  }),
  draws: defineEndpoint({
    name: 'admin.lottery.draws',
    method: 'GET',
    path: '/admin/lottery/draws',
    auth: 'operator',
    summary: 'Draws with their tickets, stakes and payouts, sorted by draw time, issue or state (newest first)',
    tags: adminTags,
    query: z.object({
      gameCode: lotteryGameCodeSchema.optional(),
      state: z.enum(LOTTERY_DRAW_STATES).optional(),
      ...pagingShape,
      ...sortShape(ADMIN_LOTTERY_DRAW_SORTS),
    }),
    response: page(adminLotteryDrawSchema),
  }),
  voidDraw: defineEndpoint({
    name: 'admin.lottery.voidDraw',
    method: 'POST',
    path: '/admin/lottery/draws/:id/void',
    auth: 'operator',
    summary: 'Void a draw not yet settled: every ticket refunded once; audited',
    tags: adminTags,
    params: pathId(MAX_BIGSERIAL),
    body: z.object({ reason: z.string().trim().min(1).max(200) }),
    response: adminLotteryDrawSchema,
  }),
};
