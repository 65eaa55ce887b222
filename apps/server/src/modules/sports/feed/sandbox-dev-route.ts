import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { sendError } from '../../../http/error-handler.ts';
import { SANDBOX_FEED } from './sandbox-process.ts';

const bodySchema = z.object({
  eventId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  home: z.number().int().min(0).max(999),
  away: z.number().int().min(0).max(999),
});

/**
 * POST /dev/sports/feed-finish {eventId, home, away}: asks the sandbox feed (sandbox-main.ts POST
 * /finish) to end the event it publishes with that score now. The result then reaches the book as
 * any feed result does, by the feed pass. Development and e2e only (DEV_ENDPOINTS), as the sandbox
 * feed itself; operators record results under /admin.
 */
export function registerDevSandboxFeedFinish(app: FastifyInstance, db: Db) {
  app.post('/dev/sports/feed-finish', async (req, reply) => {
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success || !req.merchant) return sendError(req, reply, 'request.invalid');
    const merchantId = req.merchant.id;
    const event = await db
      .selectFrom('sports_events')
      .select('external_id')
      .where('merchant_id', '=', merchantId)
      .where('id', '=', BigInt(parsed.data.eventId))
      .executeTakeFirst();
    const feed = await db
      .selectFrom('sports_feeds')
      .select('url')
      .where('merchant_id', '=', merchantId)
      .where('name', '=', SANDBOX_FEED)
      .where('status', '=', 'on')
      .executeTakeFirst();
    if (!event?.external_id || !feed) return sendError(req, reply, 'sports.event_not_found');
    const res = await fetch(new URL('finish', feed.url.endsWith('/') ? feed.url : `${feed.url}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ref: event.external_id, home: parsed.data.home, away: parsed.data.away }),
      signal: AbortSignal.timeout(5_000),
    });
    const { finished } = (await res.json()) as { finished: boolean };
    if (!finished) return sendError(req, reply, 'sports.invalid_state');
    return reply.send({ success: true, value: { ref: event.external_id } });
  });
}
