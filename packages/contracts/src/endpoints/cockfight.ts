import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL, MAX_SERIAL, pathId } from './ids.ts';
import { page, pagingShape, requestIdSchema } from './wallet.ts';

/**
 * Cockfight, our own book (issue 15 item 4; §1–§2 COCKFIGHT; docs/adr/0022-cockfight.md). Arenas
 * with a live stream; numbered fights whose betting window an operator opens and closes; decimal
 * odds per side (Meron, Wala, Draw) as "1.90". A bet keeps the odds it was accepted at; one sent
 * with odds that have changed since is refused (cockfight.odds_changed) so the page can ask again.
 */

const isoTime = z.iso.datetime({ offset: true });

export const COCKFIGHT_SIDES = ['MERON', 'WALA', 'DRAW'] as const;
export type CockfightSide = (typeof COCKFIGHT_SIDES)[number];
export const COCKFIGHT_FIGHT_STATES = ['scheduled', 'open', 'closed', 'settled', 'cancelled'] as const;
export const COCKFIGHT_BET_STATES = ['open', 'won', 'lost', 'refunded'] as const;

/** Decimal odds with two places, above 1.00 (at most 9999.99). */
export const ODDS_PATTERN = /^\d{1,4}\.\d{2}$/;
export const oddsSchema = z
  .string()
  .trim()
  .max(7)
  .refine((value) => ODDS_PATTERN.test(value) && Number(value) > 1);
const oddsValueSchema = z.string().refine((value) => ODDS_PATTERN.test(value));

export const cockfightOddsSchema = z.object({ MERON: oddsValueSchema, WALA: oddsValueSchema, DRAW: oddsValueSchema });
export const cockfightOddsInputSchema = z.object({ MERON: oddsSchema, WALA: oddsSchema, DRAW: oddsSchema });

export const cockfightArenaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The live stream (an embeddable page or a video file); null: the page shows a placeholder. */
  streamUrl: z.string().nullable(),
});
export type CockfightArena = z.infer<typeof cockfightArenaSchema>;

export const cockfightFightSchema = z.object({
  id: z.number().int(),
  arenaId: z.number().int(),
  fightNo: z.number().int(),
  scheduledAt: isoTime,
  state: z.enum(COCKFIGHT_FIGHT_STATES),
  odds: cockfightOddsSchema,
  minStake: moneyValueSchema,
  maxStake: moneyValueSchema,
  result: z.enum(COCKFIGHT_SIDES).nullable(),
  openedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
});
export type CockfightFight = z.infer<typeof cockfightFightSchema>;

export const cockfightBetSchema = z.object({
  id: z.number().int(),
  fightId: z.number().int(),
  arenaId: z.number().int(),
  fightNo: z.number().int(),
  side: z.enum(COCKFIGHT_SIDES),
  stake: moneyValueSchema,
  odds: oddsValueSchema,
  state: z.enum(COCKFIGHT_BET_STATES),
  /** What the bet paid back: the win, the refund, or 0.00 for a loss; null while open. */
  payout: moneyValueSchema.nullable(),
  result: z.enum(COCKFIGHT_SIDES).nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type CockfightBet = z.infer<typeof cockfightBetSchema>;

export const cockfightStateSchema = z.object({
  serverTime: isoTime,
  arenas: z.array(cockfightArenaSchema),
  arena: cockfightArenaSchema.nullable(),
  /** The fight taking bets, else the next scheduled, else the last closed one (waiting for its result). */
  current: cockfightFightSchema.nullable(),
  upcoming: z.array(cockfightFightSchema),
  recent: z.array(cockfightFightSchema),
  myBets: z.array(cockfightBetSchema),
});
export type CockfightState = z.infer<typeof cockfightStateSchema>;

export const cockfightBetInputSchema = z.object({
  requestId: requestIdSchema,
  fightId: z.number().int().min(1).max(MAX_BIGSERIAL),
  side: z.enum(COCKFIGHT_SIDES),
  stake: amountSchema,
  /** The odds the member saw; refused when the fight's odds for the side are other now. */
  odds: oddsSchema,
});
export type CockfightBetInput = z.infer<typeof cockfightBetInputSchema>;

const tags = ['cockfight'] as const;
const arenaQuery = z.object({
  arenaId: z
    .string()
    .trim()
    .refine((value) => /^\d{1,10}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_SERIAL))
    .optional(),
});

export const cockfightEndpoints = {
  state: defineEndpoint({
    name: 'cockfight.state',
    method: 'GET',
    path: '/wps/cockfight/state',
    auth: 'member',
    summary:
      'An arena (the first when none is named): its stream, the current fight and odds, next fights, results, my bets',
    tags,
    query: arenaQuery,
    response: cockfightStateSchema,
  }),
  bet: defineEndpoint({
    name: 'cockfight.bet',
    method: 'POST',
    path: '/wps/cockfight/bets',
    auth: 'member',
    summary: 'Bet on a side of a fight taking bets, at the odds shown; the same requestId again answers the same bet',
    tags,
    body: cockfightBetInputSchema,
    response: cockfightBetSchema.extend({ balance: moneyValueSchema }),
  }),
  myBets: defineEndpoint({
    name: 'cockfight.myBets',
    method: 'GET',
    path: '/wps/cockfight/bets',
    auth: 'member',
    summary: 'My cockfight bets, newest first, with their state and payout',
    tags,
    query: z.object(pagingShape),
    response: page(cockfightBetSchema),
  }),
};

// ---- Operator calls (/admin, audited) ----

const nameSchema = z.object({ bn: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });
/** An http(s) URL, or null for none (null first: the same as .nullable()). */
const streamUrlSchema = z.union([
  z.null(),
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => {
      if (!/^https?:\/\//.test(value)) return false;
      try {
        new URL(value);
        return true;
      } catch {
        return false;
      }
    }),
]);

export const cockfightArenaInputSchema = z.object({
  name: nameSchema,
  streamUrl: streamUrlSchema,
  status: z.enum(['on', 'off']).optional(),
});
export const adminCockfightArenaSchema = z.object({
  id: z.number().int(),
  name: z.object({ bn: z.string(), en: z.string() }),
  streamUrl: z.string().nullable(),
  status: z.enum(['on', 'off']),
});

export const cockfightFightInputSchema = z.object({
  arenaId: z.number().int().min(1).max(MAX_SERIAL),
  fightNo: z.number().int().min(1).max(100_000),
  scheduledAt: isoTime,
  odds: cockfightOddsInputSchema,
  minStake: amountSchema,
  maxStake: amountSchema,
});
export const adminCockfightFightSchema = cockfightFightSchema.extend({
  /** Open bets and their stakes per side (all bets once settled or cancelled). */
  bets: z.number().int(),
  staked: z.object({ MERON: moneyValueSchema, WALA: moneyValueSchema, DRAW: moneyValueSchema }),
  paid: moneyValueSchema,
});

/** Columns the operators' fight list sorts by (newest scheduled first unless asked). */
export const ADMIN_FIGHT_SORTS = ['scheduledAt', 'fightNo', 'id'] as const;

const adminTags = ['admin', 'cockfight'] as const;
const fightParams = pathId(MAX_BIGSERIAL);

export const cockfightAdminEndpoints = {
  arenasList: defineEndpoint({
    name: 'admin.cockfight.arenas',
    method: 'GET',
    path: '/admin/cockfight/arenas',
    auth: 'operator',
    summary: 'Cockfight arenas of this merchant',
    tags: adminTags,
    response: z.array(adminCockfightArenaSchema),
  }),
  arenasCreate: defineEndpoint({
    name: 'admin.cockfight.arenaCreate',
    method: 'POST',
    path: '/admin/cockfight/arenas',
    auth: 'operator',
    summary: 'Create an arena (names in bn and en, live stream URL); lists our book in the COCKFIGHT category; audited',
    tags: adminTags,
    body: cockfightArenaInputSchema,
    response: adminCockfightArenaSchema,
  }),
  arenasUpdate: defineEndpoint({
    name: 'admin.cockfight.arenaUpdate',
    method: 'PUT',
    path: '/admin/cockfight/arenas/:id',
    auth: 'operator',
    summary: 'Change an arena’s names, stream URL or status; audited',
    tags: adminTags,
    params: pathId(MAX_SERIAL),
    body: cockfightArenaInputSchema,
    response: adminCockfightArenaSchema,
  }),
  fightsList: defineEndpoint({
    name: 'admin.cockfight.fights',
    method: 'GET',
    path: '/admin/cockfight/fights',
    auth: 'operator',
    summary:
      'Fights with their bets and stakes per side, paged; filter by arena and state; sort by a column (newest scheduled first)',
    tags: adminTags,
    query: arenaQuery.extend({
      ...pagingShape,
      state: z.enum(COCKFIGHT_FIGHT_STATES).optional(),
      sort: z.enum(ADMIN_FIGHT_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    response: page(adminCockfightFightSchema),
  }),
  fightsCreate: defineEndpoint({
    name: 'admin.cockfight.fightCreate',
    method: 'POST',
    path: '/admin/cockfight/fights',
    auth: 'operator',
    summary: 'Schedule a fight: arena, number, time, odds per side and the stake limits of one bet; audited',
    tags: adminTags,
    body: cockfightFightInputSchema,
    response: adminCockfightFightSchema,
  }),
  fightOpen: defineEndpoint({
    name: 'admin.cockfight.open',
    method: 'POST',
    path: '/admin/cockfight/fights/:id/open',
    auth: 'operator',
    summary: 'Open the betting window of a scheduled (or closed, not yet decided) fight; audited',
    tags: adminTags,
    params: fightParams,
    response: adminCockfightFightSchema,
  }),
  fightClose: defineEndpoint({
    name: 'admin.cockfight.close',
    method: 'POST',
    path: '/admin/cockfight/fights/:id/close',
    auth: 'operator',
    summary: 'Close the betting window: bets in flight either commit before or are refused; audited',
    tags: adminTags,
    params: fightParams,
    response: adminCockfightFightSchema,
  }),
  fightOdds: defineEndpoint({
    name: 'admin.cockfight.odds',
    method: 'POST',
    path: '/admin/cockfight/fights/:id/odds',
    auth: 'operator',
    summary: 'Set the odds of a fight not yet closed; bets already taken keep theirs; audited',
    tags: adminTags,
    params: fightParams,
    body: cockfightOddsInputSchema,
    response: adminCockfightFightSchema,
  }),
  fightResult: defineEndpoint({
    name: 'admin.cockfight.result',
    method: 'POST',
    path: '/admin/cockfight/fights/:id/result',
    auth: 'operator',
    summary:
      'Record the result of a closed fight and settle every bet once (Meron/Wala bets refunded on a draw); audited',
    tags: adminTags,
    params: fightParams,
    body: z.object({ result: z.enum(COCKFIGHT_SIDES) }),
    response: adminCockfightFightSchema,
  }),
  fightCancel: defineEndpoint({
    name: 'admin.cockfight.cancel',
    method: 'POST',
    path: '/admin/cockfight/fights/:id/cancel',
    auth: 'operator',
    summary: 'Cancel a fight not yet settled: every bet refunded once; audited',
    tags: adminTags,
    params: fightParams,
    response: adminCockfightFightSchema,
  }),
};
