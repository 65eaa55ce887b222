import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { page, pagingShape } from './wallet.ts';

const isoTime = z.iso.datetime({ offset: true });

export const GAME_TRANSFER_STATES = ['pending', 'done', 'failed'] as const;

export const adminGameTransferSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  /** The transfer-wallet vendor (GET /admin/vendors code). */
  integrationCode: z.string(),
  direction: z.enum(['deposit', 'withdraw']),
  amount: moneyValueSchema,
  state: z.enum(GAME_TRANSFER_STATES),
  origin: z.enum(['member', 'launch', 'logout', 'switch']),
  /** How many times the vendor was asked; the reconciliation asks again while pending. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type AdminGameTransfer = z.infer<typeof adminGameTransferSchema>;

/**
 * Issue 16 item 5: the transfer-wallet reconciliation view — moves between members' main wallets
 * and transfer vendors' wallets, pending ones first to see what the reconciliation has not settled.
 */
export const transferAdminEndpoints = {
  list: defineEndpoint({
    name: 'admin.gameTransfers.list',
    method: 'GET',
    path: '/admin/game-transfers',
    auth: 'operator',
    summary:
      'Transfers between main and transfer-vendor wallets, by state, member and vendor, newest or oldest first, a page at a time',
    tags: ['admin', 'games'],
    query: z.object({
      state: z.enum(GAME_TRANSFER_STATES).optional(),
      username: z.string().trim().min(1).max(32).optional(),
      integrationCode: z.string().trim().min(1).max(32).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...pagingShape,
    }),
    response: page(adminGameTransferSchema).extend({
      /** Transfers still pending (every filter but state): what reconciliation has yet to settle. */
      pending: z.number().int(),
    }),
  }),
};
