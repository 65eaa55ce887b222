import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL, pathId } from './ids.ts';
import { page, pagingShape } from './wallet.ts';

/**
 * Red envelopes, raffles and the sign-up reward (issue 14 item 2; §2 Reward Center and Red
 * Envelope, §9 the Zalo reward "up to 131K"; docs/adr/0017-lucky.md). Amounts are decimal strings;
 * times ISO 8601. Every draw is provably fair: the server seed's SHA-256 is published when the event
 * is created and the seed itself once the window has closed (red envelope) or the draw is done (raffle).
 */

const isoTime = z.iso.datetime({ offset: true });
const idParams = pathId(MAX_BIGSERIAL);
/** An operator's title in both languages (§2: the member sees theirs; migration 0049). */
const title = z.object({ bn: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });
const titleBoth = z.object({ bn: z.string(), en: z.string() });
const turnoverMultiple = z.number().int().min(0).max(100);

/** cancelled: by an operator, what was left returned to the house. */
export const RED_ENVELOPE_STATES = ['upcoming', 'open', 'closed', 'cancelled'] as const;

export const redEnvelopeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  state: z.enum(RED_ENVELOPE_STATES),
  pool: moneyValueSchema,
  remaining: moneyValueSchema,
  minGrab: moneyValueSchema,
  maxGrab: moneyValueSchema,
  /** The grab must be played through this many times before it can be withdrawn. */
  turnoverMultiple: z.number().int(),
  /** Who may grab: members who deposited at least this much in the last `depositDays` days. */
  minDeposit: moneyValueSchema.nullable(),
  depositDays: z.number().int().nullable(),
  grabs: z.number().int(),
  serverSeedHash: z.string(),
  /** Revealed once the window has closed: every grab can then be recomputed (packages/games lucky.ts). */
  serverSeed: z.string().nullable(),
  myGrab: z.object({ amount: moneyValueSchema, grabbedAt: isoTime }).nullable(),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;

/** cancelled: by an operator before its draw; its tickets are void. */
export const RAFFLE_STATES = ['upcoming', 'open', 'closed', 'drawn', 'cancelled'] as const;
export const RAFFLE_PRIZE_STATES = ['unclaimed', 'claimed'] as const;

export const raffleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  drawAt: isoTime,
  state: z.enum(RAFFLE_STATES),
  /** A ticket per this much deposited in the window; null: deposits earn none. */
  depositPerTicket: moneyValueSchema.nullable(),
  betPerTicket: moneyValueSchema.nullable(),
  prizes: z.array(z.object({ tier: z.number().int(), amount: moneyValueSchema, count: z.number().int() })),
  turnoverMultiple: z.number().int(),
  myTickets: z.number().int(),
  /** All tickets of the draw (after it). */
  totalTickets: z.number().int().nullable(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  myPrizes: z.array(
    z.object({
      tier: z.number().int(),
      amount: moneyValueSchema,
      ticket: z.number().int(),
      state: z.enum(RAFFLE_PRIZE_STATES),
      claimedAt: isoTime.nullable(),
    }),
  ),
  winners: z.array(
    z.object({ tier: z.number().int(), slot: z.number().int(), member: z.string(), ticket: z.number().int() }),
  ),
});
export type Raffle = z.infer<typeof raffleSchema>;

export const raffleEntriesSchema = z.object({
  raffleId: z.number().int(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  /**
   * The ticket list the draw read, in ticket order, each holder masked (as the winner board):
   * drawRaffle over these entries in this order (any distinct ids) gives the same winning tickets.
   */
  entries: z.array(z.object({ holder: z.string(), tickets: z.number().int(), firstTicket: z.number().int() })),
  prizes: z.array(z.object({ amount: moneyValueSchema, count: z.number().int() })),
});

export const SIGNUP_MESSENGERS = ['zalo', 'whatsapp'] as const;
export const SIGNUP_REWARD_STATES = ['pending', 'approved', 'rejected'] as const;
/** §9: "up to 131K" — the most an operator may set (131,000.00). */
export const SIGNUP_REWARD_MAX_CAP = '131000.00';
/** A Zalo or WhatsApp id is the account's phone number: 8–15 digits, an optional leading +, spaces and dashes ignored. */
export const MESSENGER_ID_PATTERN = /^\+?[0-9]{8,15}$/;
export const normaliseMessengerId = (value: string) => value.replace(/[\s-]/g, '');

export const signUpRewardStatusSchema = z.object({
  enabled: z.boolean(),
  amount: moneyValueSchema.nullable(),
  turnoverMultiple: z.number().int(),
  deviceRequired: z.boolean(),
  request: z
    .object({
      messenger: z.enum(SIGNUP_MESSENGERS),
      messengerId: z.string(),
      state: z.enum(SIGNUP_REWARD_STATES),
      amount: moneyValueSchema.nullable(),
      reason: z.string().nullable(),
      requestedAt: isoTime,
      decidedAt: isoTime.nullable(),
    })
    .nullable(),
});
export type SignUpRewardStatus = z.infer<typeof signUpRewardStatusSchema>;

const tags = ['lucky'] as const;

export const luckyEndpoints = {
  redEnvelopes: defineEndpoint({
    name: 'redEnvelope.list',
    method: 'GET',
    path: '/wps/member/red-envelopes',
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'Red envelopes open now, coming and closed in the last 7 days, with my grab and the seed proof',
    tags,
    response: z.object({ serverTime: isoTime, list: z.array(redEnvelopeSchema) }),
  }),
  grab: defineEndpoint({
    name: 'redEnvelope.grab',
    method: 'POST',
    path: '/wps/member/red-envelopes/:id/grab',
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'Grab a red envelope once during its window: a fair random amount from the pool, paid once',
    tags,
    params: idParams,
    response: z.object({ envelopeId: z.number().int(), amount: moneyValueSchema, turnover: moneyValueSchema }),
  }),
  raffleStatus: defineEndpoint({
    name: 'MCSFE_getRafflePromotionStatus',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRafflePromotionStatus',
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'Raffles: my tickets, the draw time, the seed hash (the seed after the draw), winners and my prizes',
    tags,
    response: z.object({ serverTime: isoTime, list: z.array(raffleSchema) }),
  }),
  raffleEntries: defineEndpoint({
    name: 'raffle.entries',
    method: 'GET',
    path: '/wps/member/raffles/:id/entries',
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'A drawn raffle’s ticket list and seed: everything needed to recompute its winners',
    tags,
    params: idParams,
    response: raffleEntriesSchema,
  }),
  raffleClaim: defineEndpoint({
    name: 'MCS2_claimRafflePromotion',
    aliases: ['/wps/relay/MCSFE_claimRafflePromotion'],
    method: 'POST',
    path: '/wps/relay/MCS2_claimRafflePromotion',
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'Claim my raffle prize; sent twice or at once, it pays once',
    tags,
    body: z.object({ raffleId: z.number().int().min(1).max(MAX_BIGSERIAL) }),
    response: z.object({ raffleId: z.number().int(), amount: moneyValueSchema, turnover: moneyValueSchema }),
  }),
  signUpRewardStatus: defineEndpoint({
    name: 'signUpReward.status',
    method: 'GET',
    path: '/wps/member/sign-up-reward',
    auth: 'member',
    summary: 'The sign-up reward (§9 Zalo or WhatsApp id bonus): whether it is offered, its amount, my request',
    tags,
    response: signUpRewardStatusSchema,
  }),
  signUpRewardRequest: defineEndpoint({
    name: 'MCSFE_signUpRequestReward',
    method: 'POST',
    path: '/wps/relay/MCSFE_signUpRequestReward',
    auth: 'member',
    summary: 'Ask for the sign-up reward with a Zalo or WhatsApp id; an operator approves it (once per member)',
    tags,
    body: z.object({
      messenger: z.enum(SIGNUP_MESSENGERS),
      messengerId: z.string().max(32),
      /** A random id the browser keeps (localStorage), for merchants that allow one reward per device. */
      deviceId: z
        .string()
        .refine((value) => /^[A-Za-z0-9_-]{16,64}$/.test(value))
        .optional(),
    }),
    response: signUpRewardStatusSchema,
  }),
};

// ---- Operator calls (/admin, audited) ----

export const redEnvelopeInputSchema = z.object({
  title,
  startsAt: isoTime,
  endsAt: isoTime,
  pool: amountSchema,
  minGrab: amountSchema,
  maxGrab: amountSchema,
  turnoverMultiple,
  minDeposit: amountSchema.nullable().optional(),
  depositDays: z.number().int().min(1).max(90).nullable().optional(),
});
export type RedEnvelopeInput = z.infer<typeof redEnvelopeInputSchema>;

export const adminRedEnvelopeSchema = redEnvelopeSchema.omit({ myGrab: true }).extend({
  title: titleBoth,
  returned: moneyValueSchema.nullable(),
  closedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  grabbed: moneyValueSchema,
});

export const raffleInputSchema = z.object({
  title,
  startsAt: isoTime,
  endsAt: isoTime,
  drawAt: isoTime,
  depositPerTicket: amountSchema.nullable(),
  betPerTicket: amountSchema.nullable(),
  prizes: z
    .array(z.object({ amount: amountSchema, count: z.number().int().min(1).max(100) }))
    .min(1)
    .max(10),
  turnoverMultiple,
});
export type RaffleInput = z.infer<typeof raffleInputSchema>;

export const adminRaffleSchema = raffleSchema.omit({ myTickets: true, myPrizes: true, winners: true }).extend({
  title: titleBoth,
  cancelledAt: isoTime.nullable(),
  winners: z.array(
    z.object({
      tier: z.number().int(),
      slot: z.number().int(),
      memberId: z.number().int(),
      username: z.string(),
      ticket: z.number().int(),
      amount: moneyValueSchema,
      claimedAt: isoTime.nullable(),
    }),
  ),
});

export const signUpRewardSettingsSchema = z.object({
  enabled: z.boolean(),
  amount: moneyValueSchema,
  cap: moneyValueSchema,
  turnoverMultiple: z.number().int(),
  onePerDevice: z.boolean(),
});
export const signUpRewardSettingsInputSchema = z.object({
  enabled: z.boolean(),
  amount: amountSchema,
  cap: amountSchema,
  turnoverMultiple,
  onePerDevice: z.boolean(),
});
export type SignUpRewardSettingsInput = z.infer<typeof signUpRewardSettingsInputSchema>;

export const signUpRewardRequestSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  messenger: z.enum(SIGNUP_MESSENGERS),
  messengerId: z.string(),
  deviceId: z.string().nullable(),
  state: z.enum(SIGNUP_REWARD_STATES),
  amount: moneyValueSchema.nullable(),
  reason: z.string().nullable(),
  requestedAt: isoTime,
  decidedAt: isoTime.nullable(),
});

const adminTags = ['admin', 'lucky'] as const;
/** Columns the operator's red-envelope and raffle lists sort by. */
export const ADMIN_RED_ENVELOPE_SORTS = ['startsAt', 'endsAt', 'id'] as const;
export const ADMIN_RAFFLE_SORTS = ['startsAt', 'endsAt', 'drawAt', 'id'] as const;
const adminListQuery = <S extends readonly [string, ...string[]], O extends readonly [string, ...string[]]>(
  states: S,
  sorts: O,
) =>
  z.object({
    ...pagingShape,
    state: z.enum(states).optional(),
    /** Part of the title, in either language. */
    q: z.string().trim().max(80).optional(),
    sort: z.enum(sorts).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  });

export const luckyAdminEndpoints = {
  redEnvelopesList: defineEndpoint({
    name: 'admin.redEnvelopes.list',
    method: 'GET',
    path: '/admin/red-envelopes',
    auth: 'operator',
    summary:
      'Red-envelope events of this merchant with what was grabbed and returned, paged; filter by state and title; sort by a column (newest first)',
    tags: adminTags,
    query: adminListQuery(RED_ENVELOPE_STATES, ADMIN_RED_ENVELOPE_SORTS),
    response: page(adminRedEnvelopeSchema),
  }),
  redEnvelopesCreate: defineEndpoint({
    name: 'admin.redEnvelopes.create',
    method: 'POST',
    path: '/admin/red-envelopes',
    auth: 'operator',
    summary: 'Create a red-envelope event: its pool moves from the house into the event’s pool at once; audited',
    tags: adminTags,
    body: redEnvelopeInputSchema,
    response: adminRedEnvelopeSchema,
  }),
  redEnvelopesUpdate: defineEndpoint({
    name: 'admin.redEnvelopes.update',
    method: 'PUT',
    path: '/admin/red-envelopes/:id',
    auth: 'operator',
    summary:
      'Change a red envelope before it opens (a changed pool moves the difference to or from the house); audited',
    tags: adminTags,
    params: idParams,
    body: redEnvelopeInputSchema,
    response: adminRedEnvelopeSchema,
  }),
  redEnvelopesCancel: defineEndpoint({
    name: 'admin.redEnvelopes.cancel',
    method: 'POST',
    path: '/admin/red-envelopes/:id/cancel',
    auth: 'operator',
    summary: 'Cancel a red envelope not closed yet: what is left of its pool goes back to the house once; audited',
    tags: adminTags,
    params: idParams,
    response: adminRedEnvelopeSchema,
  }),
  rafflesList: defineEndpoint({
    name: 'admin.raffles.list',
    method: 'GET',
    path: '/admin/raffles',
    auth: 'operator',
    summary:
      'Raffles of this merchant with their winners once drawn, paged; filter by state and title; sort by a column (newest draw first)',
    tags: adminTags,
    query: adminListQuery(RAFFLE_STATES, ADMIN_RAFFLE_SORTS),
    response: page(adminRaffleSchema),
  }),
  rafflesCreate: defineEndpoint({
    name: 'admin.raffles.create',
    method: 'POST',
    path: '/admin/raffles',
    auth: 'operator',
    summary: 'Create a raffle: window, how tickets are earned, prize tiers and draw time; audited',
    tags: adminTags,
    body: raffleInputSchema,
    response: adminRaffleSchema,
  }),
  rafflesUpdate: defineEndpoint({
    name: 'admin.raffles.update',
    method: 'PUT',
    path: '/admin/raffles/:id',
    auth: 'operator',
    summary: 'Change a raffle before it opens; audited',
    tags: adminTags,
    params: idParams,
    body: raffleInputSchema,
    response: adminRaffleSchema,
  }),
  rafflesCancel: defineEndpoint({
    name: 'admin.raffles.cancel',
    method: 'POST',
    path: '/admin/raffles/:id/cancel',
    auth: 'operator',
    summary:
      'Cancel a raffle before its draw: its tickets are void (none were paid for, so nothing is refunded); audited',
    tags: adminTags,
    params: idParams,
    response: adminRaffleSchema,
  }),
  signUpRewardSettingsGet: defineEndpoint({
    name: 'admin.signUpReward.settings',
    method: 'GET',
    path: '/admin/sign-up-reward/settings',
    auth: 'operator',
    summary: 'The sign-up reward settings: on or off, amount, cap, turnover and one per device',
    tags: adminTags,
    response: signUpRewardSettingsSchema.nullable(),
  }),
  signUpRewardSettingsUpdate: defineEndpoint({
    name: 'admin.signUpReward.settingsUpdate',
    method: 'PUT',
    path: '/admin/sign-up-reward/settings',
    auth: 'operator',
    summary: 'Change the sign-up reward settings (the amount at most the cap, the cap at most 131,000); audited',
    tags: adminTags,
    body: signUpRewardSettingsInputSchema,
    response: signUpRewardSettingsSchema,
  }),
  signUpRewardRequests: defineEndpoint({
    name: 'admin.signUpReward.requests',
    method: 'GET',
    path: '/admin/sign-up-reward/requests',
    auth: 'operator',
    summary: 'Sign-up reward requests, pending first',
    tags: adminTags,
    query: z.object({ state: z.enum(SIGNUP_REWARD_STATES).optional() }),
    response: z.array(signUpRewardRequestSchema),
  }),
  signUpRewardApprove: defineEndpoint({
    name: 'admin.signUpReward.approve',
    method: 'POST',
    path: '/admin/sign-up-reward/requests/:id/approve',
    auth: 'operator',
    summary: 'Approve a request: pays the configured amount (or the one given, at most the cap) once; audited',
    tags: adminTags,
    params: idParams,
    body: z.object({ amount: amountSchema.optional() }),
    response: signUpRewardRequestSchema,
  }),
  signUpRewardReject: defineEndpoint({
    name: 'admin.signUpReward.reject',
    method: 'POST',
    path: '/admin/sign-up-reward/requests/:id/reject',
    auth: 'operator',
    summary: 'Reject a request with a reason the member sees; audited',
    tags: adminTags,
    params: idParams,
    body: z.object({ reason: z.string().trim().min(1).max(200) }),
    response: signUpRewardRequestSchema,
  }),
};
