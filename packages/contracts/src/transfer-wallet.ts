import { z } from 'zod';
import { AMOUNT_PATTERN } from './endpoints/amount.ts';

/**
 * The transfer wallet (ARCHITECTURE §5, issue 11 item 5): the calls *we* make on a transfer-mode
 * vendor's server, the other way round from the seamless wallet. Each is a signed JSON POST to
 * `{vendor api url}/{call}` with the seamless wallet's headers (`X-Timestamp`, `X-Signature:
 * hex(HMAC-SHA256(secret, X-Timestamp + "." + raw body))`), and each answers `status`.
 *
 * A deposit or withdrawal carries our unique `reference`; the vendor applies a reference at most
 * once, answers a repeat as it answered the first, refuses the same reference with other data
 * (DENIED, DUPLICATE) and answers `status` for any reference it has seen, so an uncertain
 * transfer is checked, then retried with the same reference, and never counted twice.
 */
export const TRANSFER_WALLET_CALLS = ['launch', 'balance', 'deposit', 'withdraw', 'status'] as const;
export type TransferWalletCall = (typeof TRANSFER_WALLET_CALLS)[number];

/** Why a vendor refuses a transfer: a final answer; the transfer is then undone on our side. */
export const TRANSFER_DENIAL_REASONS = ['INSUFFICIENT_FUNDS', 'DUPLICATE', 'PLAYER_BLOCKED', 'INVALID'] as const;

const reference = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/);
const player = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/);
const currency = z.string().regex(/^[A-Z]{3}$/);
const amount = z.string().regex(AMOUNT_PATTERN);

export const transferWalletRequests = {
  /** Opens a game for the player; the vendor answers the URL of its game screen. */
  launch: z.object({
    player,
    currency,
    gameCode: z.string().min(1).max(64),
    language: z.enum(['bn', 'en']),
    backUrl: z.string().max(2048),
  }),
  balance: z.object({ player, currency }),
  /** Into the vendor's wallet for the player. */
  deposit: z.object({ reference, player, currency, amount }),
  /** Out of the vendor's wallet, back to us. */
  withdraw: z.object({ reference, player, currency, amount }),
  status: z.object({ reference }),
} satisfies Record<TransferWalletCall, z.ZodType>;
export type TransferWalletRequest<C extends TransferWalletCall> = z.infer<(typeof transferWalletRequests)[C]>;

const denied = z.object({ status: z.literal('DENIED'), reason: z.enum(TRANSFER_DENIAL_REASONS) });
const balanceAnswer = z.object({ status: z.literal('OK'), balance: amount });

export const transferWalletAnswers = {
  launch: z.object({ status: z.literal('OK'), url: z.string().min(1).max(2048) }),
  balance: balanceAnswer,
  deposit: z.union([balanceAnswer, denied]),
  withdraw: z.union([balanceAnswer, denied]),
  status: z.union([
    z.object({
      status: z.literal('OK'),
      transfer: z.object({
        reference,
        direction: z.enum(['deposit', 'withdraw']),
        amount,
        state: z.enum(['done', 'denied']),
        reason: z.enum(TRANSFER_DENIAL_REASONS).optional(),
      }),
    }),
    z.object({ status: z.literal('NOT_FOUND') }),
  ]),
} satisfies Record<TransferWalletCall, z.ZodType>;
export type TransferWalletAnswer<C extends TransferWalletCall> = z.infer<(typeof transferWalletAnswers)[C]>;
