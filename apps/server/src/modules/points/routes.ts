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
import { paymentPasswords } from '../cashier/payee-accounts/payment-password.ts';
import { ledger } from '../ledger/ledger.ts';
import { pointEarning } from './earning.ts';
import { pointsMall } from './mall.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** The points mall (issue 14 item 3): the member's calls and the operator's settings, goods and queue. */
export function registerPointRoutes(app: FastifyInstance, deps: AppDeps) {
  const mall = pointsMall({ db: deps.db, ledger: ledger({ db: deps.db }), paymentPasswords: paymentPasswords(deps) });
  const points = endpoints.points;
  const admin = endpoints.admin.points;
  registerEndpoint(app, deps, points.balance, ({ req, merchant }) => mall.balance(memberOf(req), merchant));
  registerEndpoint(app, deps, points.rewards, ({ merchant, language }) => mall.rewards(merchant.id, language));
  registerEndpoint(app, deps, points.conversionTypes, ({ merchant }) => mall.conversionTypes(merchant.id));
  registerEndpoint(app, deps, points.config, ({ merchant }) => mall.config(merchant.id));
  registerEndpoint(app, deps, points.redeemList, ({ req, query, language }) =>
    mall.redeemList(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, points.details, ({ req, query }) => mall.details(memberOf(req), query));
  registerEndpoint(app, deps, points.redeem, ({ req, merchant, body }) => mall.redeem(memberOf(req), merchant, body));
  registerEndpoint(app, deps, points.convert, ({ req, merchant, body }) => mall.convert(memberOf(req), merchant, body));
  registerEndpoint(app, deps, admin.configGet, ({ merchant }) => mall.configGet(merchant.id));
  registerEndpoint(app, deps, admin.configUpdate, (ctx) => mall.configUpdate(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.goodsList, ({ merchant }) => mall.goodsList(merchant.id));
  registerEndpoint(app, deps, admin.goodsCreate, (ctx) => mall.goodsCreate(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.goodsUpdate, (ctx) =>
    mall.goodsUpdate(operatorActor(ctx), ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, admin.goodsDelete, (ctx) => mall.goodsDelete(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.redemptions, ({ merchant, query }) => mall.redemptions(merchant.id, query));
  registerEndpoint(app, deps, admin.redemptionApprove, (ctx) => mall.approve(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.redemptionReject, (ctx) =>
    mall.reject(operatorActor(ctx), ctx.params.id, ctx.body.reason),
  );
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/** POST /dev/points-earning {at}: one earning pass as the worker would run it at `at`. Development and tests only. */
export function registerDevPointEarning(app: FastifyInstance, db: Db) {
  const earning = pointEarning({ db });
  app.post('/dev/points-earning', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await earning.runPass(new Date(parsed.data.at)) });
  });
}
