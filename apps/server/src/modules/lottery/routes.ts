import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import { isDatabaseGoingAway } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { currentSlot } from '@khela/games';
import { AppError } from '../../http/app-error.ts';
import { sendError } from '../../http/error-handler.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { lotteryDraws } from './draws.ts';
import { lotteryGames, scheduleOf } from './games.ts';
import { lotteryMoney } from './money.ts';
import { lotteryReads } from './reads.ts';
import { lotteryTickets } from './tickets.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** The timer's longest wait between passes when no draw is due. */
const LOTTERY_PASS_AT_LEAST_EVERY_MS = 60_000;

export interface LotteryOptions {
  /** The instant buying and the countdowns are judged at (tests); the server's clock by default. */
  clock?: () => Date | undefined;
  /** Run the draw pass from this instance every this many ms (main.ts); tests run it themselves. */
  tickMs?: number;
  /** POST /dev/lottery/draw-now (development only: e2e tests need not wait for a draw). */
  devEndpoints?: boolean | undefined;
}

/** The lottery's parts, for the routes, the draw pass (jobs/tasks.ts) and tests. */
export function lotteryService(
  deps: { db: AppDeps['db']; secrets?: AppDeps['secrets'] | undefined },
  options: LotteryOptions = {},
) {
  const clock = () => options.clock?.() ?? new Date();
  const ledger = createLedger({ db: deps.db });
  const games = lotteryGames(deps.db);
  const money = lotteryMoney({ db: deps.db, ledger, secrets: deps.secrets });
  return {
    clock,
    games,
    tickets: lotteryTickets({ db: deps.db, games, money, clock }),
    draws: lotteryDraws({ db: deps.db, games, money }),
    reads: lotteryReads({ db: deps.db, games, clock }),
  };
}

/** Our own lottery (issue 15 items 1 and 5; endpoints.md §8; ADR 0021). */
export function registerLotteryRoutes(app: FastifyInstance, deps: AppDeps, options: LotteryOptions = {}) {
  const { clock, games, tickets, draws, reads } = lotteryService(deps, options);
  const { lottery } = endpoints;
  const admin = endpoints.admin.lottery;

  registerEndpoint(app, deps, lottery.vnMenus, ({ merchant, language }) => reads.vnMenus(merchant.id, language));
  registerEndpoint(app, deps, lottery.recent, ({ req, language }) => reads.recent(memberOf(req), language));
  registerEndpoint(app, deps, lottery.latestByGame, ({ merchant }) => reads.latestByGame(merchant.id));
  registerEndpoint(app, deps, lottery.openedNumero, ({ merchant, query }) =>
    reads.history(merchant.id, query.gameCode, query),
  );
  registerEndpoint(app, deps, lottery.games, ({ merchant, language, query }) =>
    reads.games(merchant.id, language, query.prizeMode),
  );
  registerEndpoint(app, deps, lottery.popular, ({ merchant, language }) => reads.popular(merchant.id, language));
  registerEndpoint(app, deps, lottery.draws, ({ merchant, query }) =>
    reads.history(merchant.id, query.gameCode, query),
  );
  registerEndpoint(app, deps, lottery.drawHistory, ({ merchant, params, query }) =>
    reads.drawHistory(merchant.id, params.code, query),
  );
  registerEndpoint(app, deps, lottery.near, ({ merchant, query }) => reads.near(merchant.id, query.gameCode));
  registerEndpoint(app, deps, lottery.buy, ({ req, merchant, body, language }) =>
    tickets.buy(memberOf(req), merchant, body, language),
  );
  registerEndpoint(app, deps, lottery.myTickets, ({ req, query, language }) =>
    tickets.myTickets(memberOf(req), query, language),
  );

  registerEndpoint(app, deps, admin.games, ({ merchant, language }) => reads.adminGames(merchant.id, language));
  registerEndpoint(app, deps, admin.gameUpdate, (ctx) =>
    reads.updateGame(operatorActor(ctx), ctx.params.code, ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.draws, ({ merchant, query }) => reads.adminDraws(merchant.id, query));
  registerEndpoint(app, deps, admin.voidDraw, async (ctx) => {
    const row = await draws.voidDraw(operatorActor(ctx), ctx.params.id, ctx.body.reason);
    const game = await deps.db
      .selectFrom('lottery_games')
      .select(['code', 'format'])
      .where('id', '=', row.lottery_game_id)
      .executeTakeFirstOrThrow();
    const [view] = await reads.adminDrawViews([{ ...row, ...game }]);
    return view!;
  });

  if (options.devEndpoints) {
    // Draws a game's open slot at once, as if its draw time had come (then it settles its tickets).
    app.post('/dev/lottery/draw-now', async (req, reply) => {
      const gameCode = (req.body as { gameCode?: unknown } | undefined)?.gameCode;
      const merchant = req.merchant;
      const game = typeof gameCode === 'string' && merchant ? await games.byCode(merchant.id, gameCode) : undefined;
      if (!game) return sendError(req, reply, 'lottery.game_not_found');
      const slot = currentSlot(scheduleOf(game), clock());
      await draws.drawGame(game.id, new Date(slot.drawAt.getTime() + 1000));
      const settled = await draws.runPass(clock(), game.merchant_id);
      return reply.send({ success: true, value: { issue: slot.issue, settled: settled.settled } });
    });
  }

  if (options.tickMs) {
    // Draws on time between the job queue's minute passes; claims keep every slot drawn once. A tick
    // before the next draw is due asks the database nothing (bench:lobby: a pass over every game
    // each tick cost the lobby's hot path a sixth of its CPU); at least one pass a minute besides,
    // for games added meanwhile by another instance or a seed.
    let running = false;
    let dueAt = 0;
    const timer = setInterval(() => {
      if (running || clock().getTime() < dueAt) return;
      running = true;
      draws
        .runPass(clock())
        .then(
          (pass) => (dueAt = Math.min(pass.nextDueAt.getTime(), clock().getTime() + LOTTERY_PASS_AT_LEAST_EVERY_MS)),
          (error: unknown) => {
            dueAt = 0;
            if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'lottery: draw pass failed');
          },
        )
        .finally(() => (running = false));
    }, options.tickMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
