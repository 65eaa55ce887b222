import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { isDatabaseGoingAway } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { sportsBook } from './book.ts';
import { sportsReads } from './reads.ts';
import { sportsSlips } from './slips.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** The sportsbook (issue 15 item 3): the menu, events and slips of members; the operators' book under /admin/sports. */
export function registerSportsRoutes(app: FastifyInstance, deps: AppDeps) {
  const ledger = createLedger({ db: deps.db });
  const book = sportsBook({ db: deps.db, ledger, secrets: deps.secrets });
  const reads = sportsReads(deps.db);
  const batchSizes = new Histogram({
    name: 'sports_slip_batch_size',
    help: 'Sports slips placed by one statement and commit (group commit)',
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [app.metrics],
  });
  const slips = sportsSlips({
    db: deps.db,
    ledger,
    vendorBookOf: book.vendorBookOf,
    onSlipBatch: (size) => batchSizes.observe(size),
  });
  const call = endpoints.sports;
  const admin = endpoints.admin.sports;

  // Slips a killed server left marked are settled as it starts (the job's minute pass too; ADR 0024).
  let catchUp: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    catchUp = book.settleDue().catch((error: unknown) => {
      if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'sports: settlement pass failed');
    });
  });
  app.addHook('preClose', async () => {
    await catchUp;
  });

  registerEndpoint(app, deps, call.menu, ({ merchant, language, query }) =>
    reads.menu(merchant.id, language, query.kind),
  );
  registerEndpoint(app, deps, call.events, ({ merchant, language, query }) =>
    reads.events(merchant.id, language, query),
  );
  registerEndpoint(app, deps, call.event, ({ merchant, language, params }) =>
    reads.event(merchant.id, language, params.id),
  );
  registerEndpoint(app, deps, call.place, ({ req, merchant, body, language }) =>
    slips.place(memberOf(req), merchant, body, language),
  );
  registerEndpoint(app, deps, call.mySlips, ({ req, language, query }) =>
    slips.mySlips(memberOf(req), language, query),
  );
  registerEndpoint(app, deps, call.cashOutQuote, ({ req, params }) => slips.cashOutQuote(memberOf(req), params.id));
  registerEndpoint(app, deps, call.cashOut, ({ req, params, body, language }) =>
    slips.cashOut(memberOf(req), params.id, body.amount, language),
  );

  const scopeOf = (ctx: Parameters<typeof operatorActor>[0]) => {
    const actor = operatorActor(ctx);
    return { merchantId: actor.merchantId, actor };
  };
  registerEndpoint(app, deps, admin.events, ({ merchant, query }) => reads.adminEvents(merchant.id, query));
  registerEndpoint(app, deps, admin.eventCreate, async (ctx) => {
    const { eventId } = await book.upsertEvent(scopeOf(ctx), ctx.body);
    return reads.adminEvent(ctx.merchant.id, eventId);
  });
  registerEndpoint(app, deps, admin.eventUpdate, async (ctx) => {
    await book.updateEvent(scopeOf(ctx), ctx.params.id, ctx.body);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.eventStatus, async (ctx) => {
    await book.setEventStatus(scopeOf(ctx), ctx.params.id, ctx.body.status, ctx.body.score);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.marketCreate, async (ctx) => {
    await book.addMarket(scopeOf(ctx), ctx.params.id, ctx.body);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.marketOdds, async (ctx) =>
    reads.adminEvent(ctx.merchant.id, await book.setOdds(scopeOf(ctx), ctx.params.id, ctx.body.odds)),
  );
  registerEndpoint(app, deps, admin.marketStatus, async (ctx) =>
    reads.adminEvent(ctx.merchant.id, await book.setMarketStatus(scopeOf(ctx), ctx.params.id, ctx.body.status)),
  );
  registerEndpoint(app, deps, admin.result, async (ctx) => {
    await book.recordResult(scopeOf(ctx), ctx.params.id, ctx.body);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.correct, async (ctx) => {
    await book.resettle(scopeOf(ctx), ctx.params.id, ctx.body);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.cancel, async (ctx) => {
    await book.cancelEvent(scopeOf(ctx), ctx.params.id);
    return reads.adminEvent(ctx.merchant.id, ctx.params.id);
  });
  registerEndpoint(app, deps, admin.corrections, ({ merchant, query }) => reads.corrections(merchant.id, query));
}
