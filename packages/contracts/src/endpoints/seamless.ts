import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { AMOUNT_PATTERN, amountSchema, moneyValueSchema } from './amount.ts';

/**
 * The seamless wallet (ARCHITECTURE §5, issue 5 item 5): a game vendor's server calls us for the
 * player's balance, to debit a bet, credit a win and roll a bet back. Hub88-style: every request is
 * signed with the vendor's secret, every answer carries a `status` (RS_OK or an RS_ERROR_* code).
 *
 * Headers: `X-Timestamp` (unix seconds, at most 300 s off) and
 * `X-Signature: hex(HMAC-SHA256(secret, X-Timestamp + "." + raw body))`.
 */

/** Every status the seamless wallet answers with, and the HTTP status sent with it. */
export const SEAMLESS_STATUS_HTTP = {
  RS_OK: 200,
  /** The body is not JSON. */
  RS_ERROR_WRONG_SYNTAX: 400,
  /** A field is missing or of the wrong type or format (amounts included). */
  RS_ERROR_WRONG_TYPES: 400,
  RS_ERROR_WRONG_CURRENCY: 400,
  /** Missing or wrong signature, stale or missing timestamp, unknown or disabled vendor. */
  RS_ERROR_INVALID_SIGNATURE: 401,
  /** The token names no game session of this vendor. */
  RS_ERROR_INVALID_TOKEN: 401,
  /** The game session has ended: bets are refused (wins and rollbacks are not). */
  RS_ERROR_TOKEN_EXPIRED: 401,
  /** The player may not wager: frozen or closed account, trial account, self-exclusion, cooling-off. */
  RS_ERROR_USER_DISABLED: 403,
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 404,
  /** Answered with the player's balance. */
  RS_ERROR_NOT_ENOUGH_MONEY: 409,
  /** The transaction id was used before with other data. */
  RS_ERROR_DUPLICATE_TRANSACTION: 409,
  /** A bet whose id was rolled back (before or after it arrived), or a win for such a bet. */
  RS_ERROR_TRANSACTION_ROLLED_BACK: 409,
  /** A rollback of a bet that already has a win. */
  RS_ERROR_TRANSACTION_SETTLED: 409,
  RS_ERROR_UNKNOWN: 500,
} as const;
export type SeamlessStatus = keyof typeof SEAMLESS_STATUS_HTTP;
export const SEAMLESS_STATUSES = Object.keys(SEAMLESS_STATUS_HTTP) as SeamlessStatus[];

export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';
export const SEAMLESS_TIMESTAMP_HEADER = 'x-timestamp';
/** How far X-Timestamp may be from the server's clock, either way. */
export const SEAMLESS_MAX_CLOCK_SKEW_SECONDS = 300;

const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/);
const currencySchema = z.string().regex(/^[A-Z]{3}$/);
/** A win may be zero: it closes the round and moves nothing. */
const winAmountSchema = z
  .string()
  .trim()
  .regex(AMOUNT_PATTERN)
  .meta({ description: 'Zero or more, a decimal string with at most 2 places', example: '25.00' });

const session = {
  request_uuid: idSchema,
  /** The game session token we issued at launch; it names the player. */
  token: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/),
  currency: currencySchema,
  game_code: idSchema.optional(),
};

export const seamlessBalanceRequest = z.object(session);
export const seamlessBetRequest = z.object({
  ...session,
  transaction_uuid: idSchema,
  round: idSchema,
  amount: amountSchema,
});
export const seamlessWinRequest = z.object({
  ...session,
  transaction_uuid: idSchema,
  /** The bet this win pays. */
  reference_transaction_uuid: idSchema,
  round: idSchema,
  amount: winAmountSchema,
  round_closed: z.boolean().optional(),
});
export const seamlessRollbackRequest = z.object({
  ...session,
  transaction_uuid: idSchema,
  /** The bet to reverse; unknown bets are remembered so that the late bet is refused. */
  reference_transaction_uuid: idSchema,
  round: idSchema,
});

export const seamlessOkResponse = z.object({
  status: z.literal('RS_OK'),
  request_uuid: z.string(),
  /** The player's username. */
  user: z.string(),
  currency: currencySchema,
  /** The player's main wallet after the call. */
  balance: moneyValueSchema,
  transaction_uuid: z.string().optional(),
});
export type SeamlessOkResponse = z.infer<typeof seamlessOkResponse>;

export const seamlessErrorResponse = z.object({
  status: z.enum(SEAMLESS_STATUSES.filter((s) => s !== 'RS_OK') as [SeamlessStatus, ...SeamlessStatus[]]),
  request_uuid: z.string().nullable(),
  /** With RS_ERROR_NOT_ENOUGH_MONEY: the balance the bet did not fit in. */
  balance: moneyValueSchema.optional(),
  currency: currencySchema.optional(),
});
export type SeamlessErrorResponse = z.infer<typeof seamlessErrorResponse>;

const tags = ['seamless'] as const;
const params = z.object({ vendor: z.string().min(1).max(32) });

export const seamlessEndpoints = {
  balance: defineEndpoint({
    name: 'seamless.balance',
    method: 'POST',
    path: '/lgw/seamless/:vendor/balance',
    auth: 'vendor',
    summary: "Vendor call: the player's balance",
    tags,
    params,
    body: seamlessBalanceRequest,
    response: seamlessOkResponse,
  }),
  bet: defineEndpoint({
    name: 'seamless.bet',
    method: 'POST',
    path: '/lgw/seamless/:vendor/bet',
    auth: 'vendor',
    summary: 'Vendor call: debit a bet (idempotent by transaction_uuid; live session required)',
    tags,
    params,
    body: seamlessBetRequest,
    response: seamlessOkResponse,
  }),
  win: defineEndpoint({
    name: 'seamless.win',
    method: 'POST',
    path: '/lgw/seamless/:vendor/win',
    auth: 'vendor',
    summary: 'Vendor call: credit a win for a bet (zero closes the round; accepted after the session ended)',
    tags,
    params,
    body: seamlessWinRequest,
    response: seamlessOkResponse,
  }),
  rollback: defineEndpoint({
    name: 'seamless.rollback',
    method: 'POST',
    path: '/lgw/seamless/:vendor/rollback',
    auth: 'vendor',
    summary: 'Vendor call: reverse a bet once (an unknown bet is remembered and its late arrival refused)',
    tags,
    params,
    body: seamlessRollbackRequest,
    response: seamlessOkResponse,
  }),
};
