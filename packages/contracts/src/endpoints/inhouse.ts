import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL } from './ids.ts';
import { pageShape, recordsShape, requestIdSchema } from './wallet.ts';

/**
 * Issue 12, Khela's own games (ARCHITECTURE §5). The reference front end has no such calls, so
 * their names and paths are ours (docs/api.md "In-house games"). A round's stake and win move
 * through the same wallet records as a vendor's (betting records, winner board, jackpot).
 */
const tags = ['inhouse'] as const;

export const INHOUSE_GAMES = ['dice', 'mines', 'slot', 'andar-bahar', 'crash'] as const;
export type InhouseGameName = (typeof INHOUSE_GAMES)[number];
export const inhouseGameSchema = z.enum(INHOUSE_GAMES);

/** A 64-hex SHA-256 or server seed. */
const hex64 = z.string().refine((value) => /^[0-9a-f]{64}$/.test(value));

/** The client seed a player sets: 1–64 printable ASCII characters without ':' (packages/games isClientSeed). */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => /^[\x21-\x39\x3b-\x7e]+$/.test(value));

/** A round id in a path or body: digits, within bigserial. */
export const roundIdSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{1,16}$/.test(value))
  .refine((value) => Number(value) >= 1 && Number(value) <= MAX_BIGSERIAL);

export const seedPairSchema = z.object({
  /** SHA-256 of the server seed: shown before any bet on it. */
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
  createdAt: z.string(),
});

export const revealedSeedPairSchema = z.object({
  serverSeed: hex64,
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** How many rounds were played on this pair (nonces 0 … nonce − 1). */
  nonce: z.number().int(),
  revealedAt: z.string(),
});

export const fairnessSchema = z.object({
  current: seedPairSchema,
  /** The pair rotated last, its server seed revealed; null before the first rotation. */
  previous: revealedSeedPairSchema.nullable(),
});

/** The seeds of one round: the server seed once its pair has been rotated, else only its hash. */
export const roundSeedsSchema = z.object({
  serverSeedHash: hex64,
  serverSeed: hex64.nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

/**
 * A round as the player (or an operator) sees it. `bet` is what the player chose and `outcome`
 * what the engine drew, per game (docs/api.md "In-house games"); amounts inside them are decimal
 * strings. A mines round's mine positions appear only once it has ended.
 */
export const inhouseRoundSchema = z.object({
  roundId: z.string(),
  game: inhouseGameSchema,
  gameCode: z.string(),
  nodeId: z.number().int(),
  state: z.enum(['open', 'settled', 'refunded']),
  stake: moneyValueSchema,
  /** What the round paid back, stake included (0.00 on a loss); null while open or when refunded. */
  payout: moneyValueSchema.nullable(),
  bet: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()).nullable(),
  balanceBefore: moneyValueSchema,
  balanceAfter: moneyValueSchema,
  seeds: roundSeedsSchema.nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type InhouseRound = z.infer<typeof inhouseRoundSchema>;

export const inhouseGameInfoSchema = z.object({
  game: inhouseGameSchema,
  gameCode: z.string(),
  nodeId: z.number().int(),
  name: z.string(),
  status: z.enum(['on', 'maintenance', 'off']),
  minBet: moneyValueSchema,
  maxBet: moneyValueSchema,
  /** The theoretical return to player, in percent with 4 decimals ("95.9975"). */
  rtp: z.string(),
});

const stakeShape = { requestId: requestIdSchema, stake: amountSchema };

/** A multiplier as the player writes it: ×1.01 … ×10000.00, at most two decimals ("2", "2.5", "2.50"). */
export const multiplierSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{1,5}(\.\d{1,2})?$/.test(value))
  .refine((value) => Number(value) >= 1.01 && Number(value) <= 10_000);

/**
 * A shared crash round (ARCHITECTURE §5): its hash is the chain's entry at `position`, shown once
 * it has crashed; SHA-256 of it is `previousHash`, published before (the round before's hash, or
 * the chain's head), so its crash point was fixed before any bet.
 */
export const crashRoundSchema = z.object({
  roundId: z.string(),
  chainId: z.string(),
  position: z.number().int(),
  state: z.enum(['betting', 'running', 'crashed']),
  bettingEndsAt: z.string(),
  startedAt: z.string().nullable(),
  crashedAt: z.string().nullable(),
  /** ×, two decimals ("2.35"); once crashed. */
  crashPoint: z.string().nullable(),
  hash: hex64.nullable(),
  previousHash: hex64,
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

/** A bet in a crash round as every watcher sees it (the player's name masked). */
export const crashBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  player: z.string(),
  stake: moneyValueSchema,
  autoCashOut: z.string().nullable(),
  /** The multiplier it cashed out at; null while riding or when lost. */
  cashedOutAt: z.string().nullable(),
  payout: moneyValueSchema.nullable(),
  state: z.enum(['open', 'settled', 'refunded']),
});
export type CrashBet = z.infer<typeof crashBetSchema>;

export const crashChainSchema = z.object({
  chainId: z.string(),
  /** h[0]: published before the chain's first round. */
  headHash: hex64,
  salt: z.string(),
  length: z.number().int(),
});

/** One message of the crash stream: `event: round` (a new state) or `event: bet` (placed or settled). */
export const crashEventSchema = z.union([
  z.object({ type: z.literal('round'), serverTime: z.string(), round: crashRoundSchema }),
  z.object({ type: z.literal('bet'), serverTime: z.string(), bet: crashBetSchema }),
]);
export type CrashEvent = z.infer<typeof crashEventSchema>;

export const crashStateSchema = z.object({
  /** The server's clock when answering: screens draw the multiplier from startedAt on it. */
  serverTime: z.string(),
  round: crashRoundSchema.nullable(),
  chain: crashChainSchema.nullable(),
  /** The last rounds that crashed, newest first (hashes to verify). */
  recent: z.array(crashRoundSchema),
  /** Bets of the round shown, biggest stake first. */
  bets: z.array(crashBetSchema),
  /** The member's bet in the round shown (null when none or logged out). */
  myBet: inhouseRoundSchema.nullable(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

export const inhouseEndpoints = {
  games: defineEndpoint({
    name: 'inhouse.games',
    method: 'GET',
    path: '/wps/inhouse/games',
    auth: 'optional-member',
    summary: 'Our own games with their bet limits and theoretical RTP',
    tags,
    response: z.object({ games: z.array(inhouseGameInfoSchema) }),
  }),
  fairness: defineEndpoint({
    name: 'inhouse.fairness',
    method: 'GET',
    path: '/wps/inhouse/fairness',
    auth: 'member',
    switch: 'GAMELO3',
    summary: "The member's seed pair in use (the server seed's hash) and the last revealed one",
    tags,
    response: fairnessSchema,
  }),
  rotateSeed: defineEndpoint({
    name: 'inhouse.rotateSeed',
    method: 'POST',
    path: '/wps/inhouse/fairness/rotate',
    auth: 'member',
    switch: 'GAMELO3',
    summary:
      'Reveals the server seed in use and starts a new pair with the client seed given (the page offers a random one)',
    tags,
    body: z.object({ clientSeed: clientSeedSchema }),
    response: fairnessSchema,
  }),
  diceBet: defineEndpoint({
    name: 'inhouse.dice.bet',
    method: 'POST',
    path: '/wps/inhouse/dice/bet',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'A dice roll: under the chance or over its mirror; pays 99 % ÷ chance',
    tags,
    body: z.object({
      ...stakeShape,
      /** The win chance in hundredths of a percent: 100 (1.00 %) … 9800 (98.00 %). */
      chanceBp: z.number().int().min(100).max(9_800),
      direction: z.enum(['under', 'over']),
    }),
    response: inhouseRoundSchema,
  }),
  minesStart: defineEndpoint({
    name: 'inhouse.mines.start',
    method: 'POST',
    path: '/wps/inhouse/mines/start',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'Starts a mines round: the stake is taken and the mines are placed (hidden until the end)',
    tags,
    body: z.object({ ...stakeShape, mines: z.number().int().min(1).max(24) }),
    response: inhouseRoundSchema,
  }),
  minesReveal: defineEndpoint({
    name: 'inhouse.mines.reveal',
    method: 'POST',
    path: '/wps/inhouse/mines/reveal',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'Opens a tile (0–24) of an open mines round: a gem goes on, a mine ends the round',
    tags,
    body: z.object({ roundId: roundIdSchema, cell: z.number().int().min(0).max(24) }),
    response: inhouseRoundSchema,
  }),
  minesCashOut: defineEndpoint({
    name: 'inhouse.mines.cashOut',
    method: 'POST',
    path: '/wps/inhouse/mines/cash-out',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'Ends an open mines round and pays for the gems found',
    tags,
    body: z.object({ roundId: roundIdSchema }),
    response: inhouseRoundSchema,
  }),
  slotSpin: defineEndpoint({
    name: 'inhouse.slot.spin',
    method: 'POST',
    path: '/wps/inhouse/slot/spin',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'A slot spin on 20 lines (stake = line bet × 20) with any free spins it wins, as one round',
    tags,
    body: z.object({ requestId: requestIdSchema, lineBet: amountSchema }),
    response: inhouseRoundSchema,
  }),
  andarBaharBet: defineEndpoint({
    name: 'inhouse.andarBahar.bet',
    method: 'POST',
    path: '/wps/inhouse/andar-bahar/bet',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'An Andar Bahar deal: Andar pays ×1.92, Bahar ×2.04 (stake included)',
    tags,
    body: z.object({ ...stakeShape, side: z.enum(['andar', 'bahar']) }),
    response: inhouseRoundSchema,
  }),
  openRound: defineEndpoint({
    name: 'inhouse.openRound',
    method: 'GET',
    path: '/wps/inhouse/rounds/open',
    auth: 'member',
    switch: 'GAMELO3',
    summary: "The member's open round of a game, to resume it (null when none)",
    tags,
    query: z.object({ game: inhouseGameSchema }),
    response: z.object({ round: inhouseRoundSchema.nullable() }),
  }),
  rounds: defineEndpoint({
    name: 'inhouse.rounds',
    method: 'GET',
    path: '/wps/inhouse/rounds',
    auth: 'member',
    switch: 'GAMELO3',
    summary: "The member's rounds of our games, newest first, by game, day window and result",
    tags,
    query: z.object({
      ...recordsShape,
      game: inhouseGameSchema.optional(),
      result: z.enum(['win', 'loss', 'refund', 'open']).optional(),
    }),
    response: z.object(pageShape(inhouseRoundSchema)),
  }),
  round: defineEndpoint({
    name: 'inhouse.round',
    method: 'GET',
    path: '/wps/inhouse/rounds/:roundId',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'One of the member’s rounds, with its seeds',
    tags,
    params: z.object({ roundId: roundIdSchema }),
    response: inhouseRoundSchema,
  }),
  crashState: defineEndpoint({
    name: 'inhouse.crash.state',
    method: 'GET',
    path: '/wps/inhouse/crash',
    auth: 'optional-member',
    summary: 'The crash round now (betting, running or just crashed), its bets, the recent crash points and the chain',
    tags,
    response: crashStateSchema,
  }),
  crashBet: defineEndpoint({
    name: 'inhouse.crash.bet',
    method: 'POST',
    path: '/wps/inhouse/crash/bet',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'A bet in the crash round taking bets, with an optional automatic cash-out; one per round',
    tags,
    body: z.object({ ...stakeShape, autoCashOut: multiplierSchema.optional() }),
    response: inhouseRoundSchema,
  }),
  crashCashOut: defineEndpoint({
    name: 'inhouse.crash.cashOut',
    method: 'POST',
    path: '/wps/inhouse/crash/cash-out',
    auth: 'member',
    switch: 'GAMELO3',
    summary: "Cashes the member's bet out at the multiplier of the moment the server receives it",
    tags,
    body: z.object({ roundId: roundIdSchema }),
    response: inhouseRoundSchema,
  }),
  crashEvents: defineEndpoint({
    name: 'inhouse.crash.events',
    method: 'GET',
    path: '/wps/inhouse/crash/events',
    auth: 'optional-member',
    responseFormat: 'sse',
    summary:
      'Server-sent events (text/event-stream) of the crash rounds: `event: round` on each new state, `event: bet` when a bet is placed or settled; a comment heartbeat every 25 s',
    tags,
    response: crashEventSchema,
  }),
};
