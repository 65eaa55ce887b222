import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { DEPOSIT_STATUSES } from './cashier.ts';

/** The sandbox gateway's signed callback body (the signature covers the raw bytes). */
export const gatewayCallbackSchema = z.object({
  order: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: moneyValueSchema,
  currency: z.string().max(3),
});

/** Server-to-server calls of payment gateways: not part of the player site. */
export const gatewayEndpoints = {
  sandboxCallback: defineEndpoint({
    name: 'gateway.sandboxCallback',
    method: 'POST',
    path: '/lgw/payments/sandbox/callback',
    auth: 'none',
    bodyFormat: 'signed-json',
    summary:
      'Sandbox gateway callback: JSON body signed with X-Gateway-Signature = hex HMAC-SHA256(secret, X-Gateway-Timestamp + "." + raw body)',
    tags: ['gateway'],
    response: z.object({ order: z.string(), status: z.enum(DEPOSIT_STATUSES) }),
  }),
};
