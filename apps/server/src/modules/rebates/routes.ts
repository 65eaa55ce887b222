import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { sendError } from '../../http/error-handler.ts';
import { registerEndpoint, switchIsOn } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger } from '../ledger/ledger.ts';
import { rebates } from './rebates.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Player rebates (issue 14 item 5): the member's calls and the operator's settings. */
export function registerRebateRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = rebates({ db: deps.db, ledger: ledger({ db: deps.db }) });
  const manualOn = (merchantId: number) =>
    deps.switchIsOn ? deps.switchIsOn(merchantId, 'MANPLAYREB3') : switchIsOn(deps.db, merchantId, 'MANPLAYREB3');
  registerEndpoint(app, deps, endpoints.rebates.setting, async ({ req, merchant }) =>
    service.setting(memberOf(req), await manualOn(merchant.id)),
  );
  registerEndpoint(app, deps, endpoints.rebates.summary, ({ req }) => service.summary(memberOf(req)));
  registerEndpoint(app, deps, endpoints.rebates.records, ({ req, query }) => service.records(memberOf(req), query));
  registerEndpoint(app, deps, endpoints.rebates.claim, ({ req, merchant }) => service.claim(memberOf(req), merchant));
  registerEndpoint(app, deps, endpoints.admin.rebates.settingsGet, ({ merchant }) => service.settings(merchant.id));
  registerEndpoint(app, deps, endpoints.admin.rebates.settingsUpdate, (ctx) =>
    service.update(operatorActor(ctx), ctx.body),
  );
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/rebates {at}: one automatic rebate pass as the worker would run it at `at` (tests and
 * the e2e suite pay a day without waiting for midnight). Development and tests only (DEV_ENDPOINTS).
 */
export function registerDevRebates(app: FastifyInstance, db: Db) {
  const service = rebates({ db, ledger: ledger({ db }) });
  app.post('/dev/rebates', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await service.runPass(new Date(parsed.data.at)) });
  });
}
