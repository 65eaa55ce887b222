import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasControlCharacters } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { sendError } from '../../http/error-handler.ts';
import { DEFAULT_DIALING_CODE, toE164 } from './providers.ts';

const OUTBOX_LIMIT = 50;

const querySchema = z.object({
  to: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((text) => !hasControlCharacters(text)),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
});

/** An e-mail address as stored; a mobile in any form (bare national, +E.164) as E.164. */
function destinationOf(to: string, dialingCode: string | undefined): string {
  if (to.includes('@')) return to.toLowerCase();
  const digits = to.replace(/[\s-]/g, '');
  if (digits.startsWith('+')) return digits;
  return toE164(dialingCode ?? DEFAULT_DIALING_CODE, digits);
}

/**
 * GET /dev/outbox?to=<mobile or email>: what the outbox providers "sent" there, newest first, at
 * most 50. Development and tests only (DEV_ENDPOINTS): it shows live codes to anyone who asks.
 */
export function registerDevOutbox(app: FastifyInstance, db: Db) {
  app.get('/dev/outbox', async (req, reply) => {
    const parsed = querySchema.safeParse(req.query);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    let select = db
      .selectFrom('outbound_messages')
      .select(['id', 'channel', 'destination', 'subject', 'body', 'created_at'])
      .where('destination', '=', destinationOf(parsed.data.to, parsed.data.countryDialingCode))
      .orderBy('id', 'desc')
      .limit(OUTBOX_LIMIT);
    if (req.merchant) select = select.where('merchant_id', '=', req.merchant.id);
    const rows = await select.execute();
    return reply.send({
      success: true,
      value: rows.map((row) => ({
        id: Number(row.id),
        channel: row.channel,
        to: row.destination,
        subject: row.subject,
        body: row.body,
        createdAt: row.created_at.toISOString(),
      })),
    });
  });
}
