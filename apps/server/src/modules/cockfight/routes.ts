import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { cockfightService } from './cockfight.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Cockfight, our own book (issue 15 item 4): the member's page and bets, the operator's arenas and fights. */
export function registerCockfightRoutes(app: FastifyInstance, deps: AppDeps) {
  const book = cockfightService({ db: deps.db, ledger: createLedger({ db: deps.db }), secrets: deps.secrets });
  const call = endpoints.cockfight;
  const admin = endpoints.admin.cockfight;

  registerEndpoint(app, deps, call.state, ({ req, language, query }) =>
    book.state(memberOf(req), language, query.arenaId),
  );
  registerEndpoint(app, deps, call.bet, ({ req, merchant, body }) => book.bet(memberOf(req), merchant, body));
  registerEndpoint(app, deps, call.myBets, ({ req, query }) => book.myBets(memberOf(req), query));

  registerEndpoint(app, deps, admin.arenasList, ({ merchant }) => book.arenas(merchant.id));
  registerEndpoint(app, deps, admin.arenasCreate, (ctx) => book.createArena(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.arenasUpdate, (ctx) =>
    book.updateArena(operatorActor(ctx), ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, admin.fightsList, ({ merchant, query }) => book.fights(merchant.id, query));
  registerEndpoint(app, deps, admin.fightsCreate, (ctx) =>
    book.createFight(operatorActor(ctx), ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.fightOpen, (ctx) => book.open(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.fightClose, (ctx) => book.close(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.fightOdds, (ctx) => book.setOdds(operatorActor(ctx), ctx.params.id, ctx.body));
  registerEndpoint(app, deps, admin.fightResult, (ctx) =>
    book.settle(operatorActor(ctx), ctx.params.id, ctx.body.result),
  );
  registerEndpoint(app, deps, admin.fightCancel, (ctx) => book.cancel(operatorActor(ctx), ctx.params.id));
}
