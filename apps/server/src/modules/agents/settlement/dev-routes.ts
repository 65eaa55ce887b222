import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { sendError } from '../../../http/error-handler.ts';
import { ledger } from '../../ledger/ledger.ts';
import { agentSettlement } from './settlement.ts';

const bodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/agent-settlement {at}: one settlement pass as the worker would run it at `at`, a
 * moment that may lie ahead (the e2e suite settles the day it has just played without waiting for
 * midnight). Development and tests only (DEV_ENDPOINTS): it pays periods that have not ended.
 */
export function registerDevSettlement(app: FastifyInstance, db: Db) {
  const settlement = agentSettlement({ db, ledger: ledger({ db }) });
  app.post('/dev/agent-settlement', async (req, reply) => {
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await settlement.runPass(new Date(parsed.data.at)) });
  });
}
