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
import { promotions } from './promotions.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Promotions (issue 14 items 1–2): the member's and visitor's calls and the operator's. */
export function registerPromotionRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = promotions({ db: deps.db, ledger: ledger({ db: deps.db }) });
  const p = endpoints.promotions;
  registerEndpoint(app, deps, p.available, ({ req, language }) => service.available(memberOf(req), language));
  registerEndpoint(app, deps, p.merchantAvailable, ({ merchant, language }) =>
    service.merchantAvailable(merchant.id, language),
  );
  registerEndpoint(app, deps, p.categories, ({ merchant }) => service.categories(merchant.id));
  registerEndpoint(app, deps, p.claimList, ({ req, language, query }) =>
    service.claimList(memberOf(req), language, query),
  );
  registerEndpoint(app, deps, p.join, ({ req, body, ip }) => service.join(memberOf(req), body, ip));
  registerEndpoint(app, deps, p.claim, ({ req, body }) => service.claim(memberOf(req), body));

  const admin = endpoints.admin.promotions;
  registerEndpoint(app, deps, admin.list, ({ merchant, query }) => service.list(merchant.id, query));
  registerEndpoint(app, deps, admin.create, (ctx) => service.create(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.update, (ctx) => service.update(operatorActor(ctx), ctx.params.id, ctx.body));
  registerEndpoint(app, deps, admin.applications, ({ merchant, query }) => service.applications(merchant.id, query));
  registerEndpoint(app, deps, admin.approve, (ctx) => service.approve(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.reject, (ctx) =>
    service.reject(operatorActor(ctx), ctx.params.id, ctx.body.reason),
  );
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/** POST /dev/promotions {at}: one promotion pass as the worker would run it at `at` (DEV_ENDPOINTS only). */
export function registerDevPromotions(app: FastifyInstance, db: Db) {
  const service = promotions({ db, ledger: ledger({ db }) });
  app.post('/dev/promotions', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await service.runPass(new Date(parsed.data.at)) });
  });
}
