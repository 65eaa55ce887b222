import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { sendError } from '../../http/error-handler.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger } from '../ledger/ledger.ts';
import { vipRanks } from './vip.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** VIP ranks (issue 14 item 4): the member's progress and the operator's ranks. */
export function registerVipRoutes(app: FastifyInstance, deps: AppDeps) {
  const vip = vipRanks({ db: deps.db, ledger: ledger({ db: deps.db }) });
  registerEndpoint(app, deps, endpoints.vip.rankProgress, ({ req, language }) => vip.progress(memberOf(req), language));
  registerEndpoint(app, deps, endpoints.admin.vip.ranksGet, ({ merchant }) => vip.ranks(merchant.id));
  registerEndpoint(app, deps, endpoints.admin.vip.ranksUpdate, (ctx) => vip.update(operatorActor(ctx), ctx.body));
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/vip-ranks {at}: one VIP pass as the worker would run it at `at` (tests cross a month
 * without waiting for the 1st). Development and tests only (DEV_ENDPOINTS).
 */
export function registerDevVipRanks(app: FastifyInstance, db: Db) {
  const vip = vipRanks({ db, ledger: ledger({ db }) });
  app.post('/dev/vip-ranks', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await vip.runPass(new Date(parsed.data.at)) });
  });
}
