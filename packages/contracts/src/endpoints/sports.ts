import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL, MAX_SERIAL, pathId } from './ids.ts';
import { page, pagingShape, requestIdSchema, sortShape } from './wallet.ts';

/**
 * The sportsbook, our own book of sports and e-sports (issue 15 item 3; §1–§2 SPORTS and ESPORTS;
 * docs/adr/0024-sportsbook.md). Sports → competitions → events → markets → selections with decimal
 * odds as "1.85". A slip is a single (one leg) or a multiple (legs from different events, odds
 * multiplied); it keeps the odds it was accepted at. Lines are decimal with a sign ("-0.25",
 * "2.50"): a handicap's line is the home side's (the away side has the opposite), quarter lines
 * split the stake in two halves (half won / half lost).
 */

const isoTime = z.iso.datetime({ offset: true });

export const SPORT_KINDS = ['SPORTS', 'ESPORTS'] as const;
export type SportKind = (typeof SPORT_KINDS)[number];
/** The sports the book knows (each merchant's rows are made on first use). */
export const SPORT_CODES = [
  'FOOTBALL',
  'CRICKET',
  'BASKETBALL',
  'ESPORTS_CS2',
  'ESPORTS_DOTA2',
  'ESPORTS_LOL',
] as const;
export type SportCode = (typeof SPORT_CODES)[number];
export const SPORTS_EVENT_STATES = ['scheduled', 'live', 'ended', 'settled', 'cancelled'] as const;
export type SportsEventState = (typeof SPORTS_EVENT_STATES)[number];
export const SPORTS_MARKET_TYPES = [
  'ONE_X_TWO',
  'HANDICAP',
  'OVER_UNDER',
  'BTTS',
  'MATCH_WINNER',
  'MAP_HANDICAP',
] as const;
export type SportsMarketType = (typeof SPORTS_MARKET_TYPES)[number];
export const SPORTS_MARKET_STATES = ['open', 'suspended', 'settled', 'void'] as const;
export type SportsMarketState = (typeof SPORTS_MARKET_STATES)[number];
export const SPORTS_SELECTION_CODES = ['HOME', 'DRAW', 'AWAY', 'OVER', 'UNDER', 'YES', 'NO'] as const;
export type SportsSelectionCode = (typeof SPORTS_SELECTION_CODES)[number];
/** The selections of each market type, in display order. */
export const SPORTS_MARKET_SELECTIONS: Record<SportsMarketType, readonly SportsSelectionCode[]> = {
  ONE_X_TWO: ['HOME', 'DRAW', 'AWAY'],
  HANDICAP: ['HOME', 'AWAY'],
  OVER_UNDER: ['OVER', 'UNDER'],
  BTTS: ['YES', 'NO'],
  MATCH_WINNER: ['HOME', 'AWAY'],
  MAP_HANDICAP: ['HOME', 'AWAY'],
};
/** Market types with a line. */
export const SPORTS_LINED_MARKETS: readonly SportsMarketType[] = ['HANDICAP', 'OVER_UNDER', 'MAP_HANDICAP'];
export const SPORTS_ODDS_POLICIES = ['any', 'higher', 'ask'] as const;
export type SportsOddsPolicy = (typeof SPORTS_ODDS_POLICIES)[number];
export const SPORTS_SLIP_STATES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export type SportsSlipState = (typeof SPORTS_SLIP_STATES)[number];
export const SPORTS_LEG_OUTCOMES = ['open', 'won', 'half_won', 'void', 'half_lost', 'lost'] as const;
export type SportsLegOutcome = (typeof SPORTS_LEG_OUTCOMES)[number];
/** The most legs of one multiple. */
export const SPORTS_MAX_LEGS = 12;

/** Decimal odds with two places, above 1.00 (at most 9999.99). */
const SPORTS_ODDS_PATTERN = /^\d{1,4}\.\d{2}$/;
export const sportsOddsSchema = z
  .string()
  .trim()
  .max(7)
  .refine((value) => SPORTS_ODDS_PATTERN.test(value) && Number(value) > 1);
const oddsValueSchema = z.string().refine((value) => SPORTS_ODDS_PATTERN.test(value));
/** A line in quarters: "-0.25", "2.50", "320.50" (within ±9999.75). */
const LINE_PATTERN = /^-?\d{1,4}\.(00|25|50|75)$/;
export const sportsLineSchema = z
  .string()
  .trim()
  .max(8)
  .refine((value) => LINE_PATTERN.test(value));
const lineValueSchema = z.string().refine((value) => /^-?\d+\.\d{2}$/.test(value));
const nameSchema = z.object({ bn: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });

export const sportsScoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const sportsSelectionSchema = z.object({
  id: z.number().int(),
  code: z.enum(SPORTS_SELECTION_CODES),
  odds: oddsValueSchema,
});
export type SportsSelection = z.infer<typeof sportsSelectionSchema>;

export const sportsMarketSchema = z.object({
  id: z.number().int(),
  type: z.enum(SPORTS_MARKET_TYPES),
  /** The line (the home side's for a handicap); null for markets without one. */
  line: lineValueSchema.nullable(),
  status: z.enum(SPORTS_MARKET_STATES),
  minStake: moneyValueSchema,
  maxStake: moneyValueSchema,
  selections: z.array(sportsSelectionSchema),
});
export type SportsMarket = z.infer<typeof sportsMarketSchema>;

export const sportsEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SPORT_KINDS),
  sport: z.enum(SPORT_CODES),
  competitionId: z.number().int(),
  /** Names in the request's language. */
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: isoTime,
  status: z.enum(SPORTS_EVENT_STATES),
  /** Goals, runs, points or maps won; null before the start. */
  score: sportsScoreSchema.nullable(),
  isHot: z.boolean(),
  /** True while the event takes bets (scheduled or live) — each market has its own status too. */
  bettable: z.boolean(),
  /** The list answers the main markets (one of each type); one event answers every market. */
  markets: z.array(sportsMarketSchema),
  updatedAt: isoTime,
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;

export const sportsMenuSchema = z.object({
  sports: z.array(
    z.object({
      code: z.enum(SPORT_CODES),
      kind: z.enum(SPORT_KINDS),
      name: z.string(),
      live: z.number().int(),
      upcoming: z.number().int(),
      competitions: z.array(
        z.object({ id: z.number().int(), name: z.string(), live: z.number().int(), upcoming: z.number().int() }),
      ),
    }),
  ),
});
export type SportsMenu = z.infer<typeof sportsMenuSchema>;

export const sportsLegSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  sport: z.enum(SPORT_CODES),
  home: z.string(),
  away: z.string(),
  startsAt: isoTime,
  eventStatus: z.enum(SPORTS_EVENT_STATES),
  score: sportsScoreSchema.nullable(),
  marketId: z.number().int(),
  marketType: z.enum(SPORTS_MARKET_TYPES),
  line: lineValueSchema.nullable(),
  selectionId: z.number().int(),
  selection: z.enum(SPORTS_SELECTION_CODES),
  /** The odds the leg was accepted at. */
  odds: oddsValueSchema,
  outcome: z.enum(SPORTS_LEG_OUTCOMES),
});
export type SportsLeg = z.infer<typeof sportsLegSchema>;

export const sportsSlipSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['single', 'multiple']),
  stake: moneyValueSchema,
  /** The odds of the slip: a single's, or the product of a multiple's legs (rounded down to 0.01). */
  odds: oddsValueSchema,
  potentialReturn: moneyValueSchema,
  status: z.enum(SPORTS_SLIP_STATES),
  /** What the slip paid back (win, refund, cash-out; 0.00 for a loss); null while open. */
  payout: moneyValueSchema.nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
  legs: z.array(sportsLegSchema),
});
export type SportsSlip = z.infer<typeof sportsSlipSchema>;

export const sportsSlipInputSchema = z.object({
  requestId: requestIdSchema,
  stake: amountSchema,
  /** What to do when the odds changed since the member saw them (any: take the current ones; higher: only if not lower; ask: refuse). */
  oddsPolicy: z.enum(SPORTS_ODDS_POLICIES),
  legs: z
    .array(z.object({ selectionId: z.number().int().min(1).max(MAX_BIGSERIAL), odds: sportsOddsSchema }))
    .min(1)
    .max(SPORTS_MAX_LEGS),
});
export type SportsSlipInput = z.infer<typeof sportsSlipInputSchema>;

export const sportsCashOutQuoteSchema = z.object({
  slipId: z.number().int(),
  /** What the book pays now to close the slip. */
  amount: moneyValueSchema,
  quotedAt: isoTime,
});
export type SportsCashOutQuote = z.infer<typeof sportsCashOutQuoteSchema>;

const tags = ['sports'] as const;
const queryId = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,16}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const sportsEventsQuerySchema = z.object({
  kind: z.enum(SPORT_KINDS).optional(),
  sport: z.enum(SPORT_CODES).optional(),
  competition: queryId(MAX_SERIAL).optional(),
  tab: z.enum(['live', 'upcoming']).optional(),
  /** Only hot events (the home page's hot matches). */
  hot: z.enum(['1', 'true']).optional(),
  ...pagingShape,
});
export type SportsEventsQuery = z.infer<typeof sportsEventsQuerySchema>;

const slipParams = pathId(MAX_BIGSERIAL);

export const sportsEndpoints = {
  menu: defineEndpoint({
    name: 'sports.menu',
    method: 'GET',
    path: '/wps/sports/menu',
    auth: 'none',
    summary: 'Sports (or e-sports) with their competitions and counts of live and upcoming events',
    tags,
    query: z.object({ kind: z.enum(SPORT_KINDS).optional() }),
    response: sportsMenuSchema,
  }),
  events: defineEndpoint({
    name: 'sports.events',
    method: 'GET',
    path: '/wps/sports/events',
    auth: 'none',
    summary: 'Events by kind, sport, competition and tab (live, upcoming), with their main markets; paged',
    tags,
    query: sportsEventsQuerySchema,
    response: page(sportsEventSchema),
  }),
  event: defineEndpoint({
    name: 'sports.event',
    method: 'GET',
    path: '/wps/sports/events/:id',
    auth: 'none',
    summary: 'One event with every market',
    tags,
    params: pathId(MAX_BIGSERIAL),
    response: sportsEventSchema,
  }),
  place: defineEndpoint({
    name: 'sports.place',
    method: 'POST',
    path: '/wps/sports/slips',
    auth: 'member',
    summary:
      'Place a slip: one leg is a single, legs from different events a multiple; odds changes by the policy; the same requestId again answers the same slip',
    tags,
    body: sportsSlipInputSchema,
    response: sportsSlipSchema.extend({ balance: moneyValueSchema }),
  }),
  mySlips: defineEndpoint({
    name: 'sports.mySlips',
    method: 'GET',
    path: '/wps/sports/slips',
    auth: 'member',
    summary: 'My slips, newest first, open or settled, with their legs',
    tags,
    query: z.object({ status: z.enum(['open', 'settled']).optional(), ...pagingShape }),
    response: page(sportsSlipSchema),
  }),
  cashOutQuote: defineEndpoint({
    name: 'sports.cashOutQuote',
    method: 'GET',
    path: '/wps/sports/slips/:id/cash-out',
    auth: 'member',
    summary: 'What the book pays now to close an open slip (priced from the current odds of its open legs)',
    tags,
    params: slipParams,
    response: sportsCashOutQuoteSchema,
  }),
  cashOut: defineEndpoint({
    name: 'sports.cashOut',
    method: 'POST',
    path: '/wps/sports/slips/:id/cash-out',
    auth: 'member',
    summary: 'Close an open slip for the quoted amount (refused with the new amount when it changed); pays once',
    tags,
    params: slipParams,
    body: z.object({ amount: amountSchema }),
    response: sportsSlipSchema.extend({ balance: moneyValueSchema }),
  }),
};

// ---- Operator calls (/admin/sports, audited; the feed calls the same service) ----

export const sportsMarketInputSchema = z.object({
  type: z.enum(SPORTS_MARKET_TYPES),
  /** Required for HANDICAP, OVER_UNDER and MAP_HANDICAP; absent for the others. */
  line: sportsLineSchema.optional(),
  minStake: amountSchema,
  maxStake: amountSchema,
  /** Odds per selection code of the type (SPORTS_MARKET_SELECTIONS). */
  odds: z.partialRecord(z.enum(SPORTS_SELECTION_CODES), sportsOddsSchema),
});
export type SportsMarketInput = z.infer<typeof sportsMarketInputSchema>;

export const sportsEventInputSchema = z.object({
  sport: z.enum(SPORT_CODES),
  competition: z.object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .refine((value) => /^[A-Za-z0-9_-]+$/.test(value)),
    name: nameSchema,
  }),
  home: nameSchema,
  away: nameSchema,
  startsAt: isoTime,
  isHot: z.boolean().optional(),
  markets: z.array(sportsMarketInputSchema).max(40).optional(),
});
export type SportsEventInput = z.infer<typeof sportsEventInputSchema>;

export const sportsEventUpdateSchema = z.object({
  home: nameSchema.optional(),
  away: nameSchema.optional(),
  startsAt: isoTime.optional(),
  isHot: z.boolean().optional(),
});

const scoreInputSchema = z.object({
  home: z.number().int().min(0).max(10_000),
  away: z.number().int().min(0).max(10_000),
});

export const adminSportsEventSchema = sportsEventSchema.extend({
  names: z.object({
    home: z.object({ bn: z.string(), en: z.string() }),
    away: z.object({ bn: z.string(), en: z.string() }),
  }),
  /** Open slips with a leg on the event, and their stakes. */
  openSlips: z.number().int(),
  openStake: moneyValueSchema,
  /** The result that settled the event (null before), and how many times it was corrected. */
  result: sportsScoreSchema.nullable(),
  corrections: z.number().int(),
});
export type AdminSportsEvent = z.infer<typeof adminSportsEventSchema>;

/** Columns the operators' list of outstanding corrections sorts by. */
export const ADMIN_CORRECTION_SORTS = ['updatedAt', 'outstanding', 'slipId'] as const;

export const adminSportsCorrectionSchema = z.object({
  slipId: z.number().int(),
  memberId: z.number().int(),
  /** What a resettlement could not take back (the wallet held less): owed by the member. */
  outstanding: moneyValueSchema,
  updatedAt: isoTime,
});

const adminTags = ['admin', 'sports'] as const;
/** What the operators' event list sorts by (newest start first unless asked). */
export const ADMIN_SPORTS_EVENT_SORTS = ['startsAt', 'status', 'id'] as const;
const eventParams = pathId(MAX_BIGSERIAL);
const marketParams = pathId(MAX_BIGSERIAL);

export const sportsAdminEndpoints = {
  events: defineEndpoint({
    name: 'admin.sports.events',
    method: 'GET',
    path: '/admin/sports/events',
    auth: 'operator',
    summary:
      'Events of this merchant with every market and the open stakes, sorted by start, status (in their lifecycle order) or id (newest start first)',
    tags: adminTags,
    query: z.object({
      status: z.enum(SPORTS_EVENT_STATES).optional(),
      ...pagingShape,
      ...sortShape(ADMIN_SPORTS_EVENT_SORTS),
    }),
    response: page(adminSportsEventSchema),
  }),
  eventCreate: defineEndpoint({
    name: 'admin.sports.eventCreate',
    method: 'POST',
    path: '/admin/sports/events',
    auth: 'operator',
    summary: 'Create an event with its markets and odds; lists our book in the SPORTS or ESPORTS category; audited',
    tags: adminTags,
    body: sportsEventInputSchema,
    response: adminSportsEventSchema,
  }),
  eventUpdate: defineEndpoint({
    name: 'admin.sports.eventUpdate',
    method: 'PUT',
    path: '/admin/sports/events/:id',
    auth: 'operator',
    summary: 'Change an event’s names, start time or hot flag; audited',
    tags: adminTags,
    params: eventParams,
    body: sportsEventUpdateSchema,
    response: adminSportsEventSchema,
  }),
  eventStatus: defineEndpoint({
    name: 'admin.sports.eventStatus',
    method: 'POST',
    path: '/admin/sports/events/:id/status',
    auth: 'operator',
    summary: 'Move an event to scheduled, live or ended (ended takes no bets), with the score so far; audited',
    tags: adminTags,
    params: eventParams,
    body: z.object({ status: z.enum(['scheduled', 'live', 'ended']), score: scoreInputSchema.optional() }),
    response: adminSportsEventSchema,
  }),
  marketCreate: defineEndpoint({
    name: 'admin.sports.marketCreate',
    method: 'POST',
    path: '/admin/sports/events/:id/markets',
    auth: 'operator',
    summary: 'Add a market to an event not yet settled; audited',
    tags: adminTags,
    params: eventParams,
    body: sportsMarketInputSchema,
    response: adminSportsEventSchema,
  }),
  marketOdds: defineEndpoint({
    name: 'admin.sports.marketOdds',
    method: 'POST',
    path: '/admin/sports/markets/:id/odds',
    auth: 'operator',
    summary: 'Set the odds of a market’s selections; slips already taken keep theirs; audited',
    tags: adminTags,
    params: marketParams,
    body: z.object({ odds: z.partialRecord(z.enum(SPORTS_SELECTION_CODES), sportsOddsSchema) }),
    response: adminSportsEventSchema,
  }),
  marketStatus: defineEndpoint({
    name: 'admin.sports.marketStatus',
    method: 'POST',
    path: '/admin/sports/markets/:id/status',
    auth: 'operator',
    summary: 'Suspend a market (no bets, no cash-out) or open it again; audited',
    tags: adminTags,
    params: marketParams,
    body: z.object({ status: z.enum(['open', 'suspended']) }),
    response: adminSportsEventSchema,
  }),
  result: defineEndpoint({
    name: 'admin.sports.result',
    method: 'POST',
    path: '/admin/sports/events/:id/result',
    auth: 'operator',
    summary: 'Record the final score and settle every market and slip once; audited',
    tags: adminTags,
    params: eventParams,
    body: scoreInputSchema,
    response: adminSportsEventSchema,
  }),
  correct: defineEndpoint({
    name: 'admin.sports.correct',
    method: 'POST',
    path: '/admin/sports/events/:id/correct',
    auth: 'operator',
    summary:
      'Correct a settled event’s score: every affected slip is resettled and only the difference posted; audited',
    tags: adminTags,
    params: eventParams,
    body: scoreInputSchema,
    response: adminSportsEventSchema,
  }),
  cancel: defineEndpoint({
    name: 'admin.sports.cancel',
    method: 'POST',
    path: '/admin/sports/events/:id/cancel',
    auth: 'operator',
    summary: 'Cancel an event not yet settled: its markets void, singles refunded, multiples re-priced; audited',
    tags: adminTags,
    params: eventParams,
    response: adminSportsEventSchema,
  }),
  corrections: defineEndpoint({
    name: 'admin.sports.corrections',
    method: 'GET',
    path: '/admin/sports/corrections',
    auth: 'operator',
    summary:
      'Slips whose resettlement could not take back all it should (the member’s wallet held less), paged; filter by member; sort by a column (latest first)',
    tags: adminTags,
    query: z.object({
      ...pagingShape,
      memberId: pathId(MAX_SERIAL).shape.id.optional(),
      sort: z.enum(ADMIN_CORRECTION_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    response: page(adminSportsCorrectionSchema),
  }),
};
