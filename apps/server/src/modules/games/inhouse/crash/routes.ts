import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../../deps.ts';
import { dedicatedClientOf, isDatabaseGoingAway } from '../../../../db/database.ts';
import { AppError } from '../../../../http/app-error.ts';
import { openEventStream } from '../../../../http/event-stream.ts';
import { registerEndpoint } from '../../../../http/route.ts';
import type { InhouseRounds } from '../rounds.ts';
import { crashChains } from './chain.ts';
import { crashGame } from './crash-game.ts';
import { crashLeader, type CrashSchedule } from './leader.ts';
import { crashWatchers } from './watchers.ts';

export interface CrashOptions {
  /** Run rounds from this instance when it wins the leadership (off in tests unless asked). */
  leader?: CrashSchedule | undefined;
  heartbeatMs?: number | undefined;
}

/** Crash's calls: its state, bets, cash-outs and the live stream; the leader when this instance may lead. */
export function registerCrashRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  rounds: InhouseRounds,
  options: CrashOptions = {},
) {
  const game = crashGame({ db: deps.db, rounds, chains: crashChains(deps.db, deps.secrets) });
  const watchers = crashWatchers({
    connect: () => dedicatedClientOf(deps.db),
    onError: (error) => {
      if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'crash events: cannot listen (retrying)');
    },
  });
  app.addHook('preClose', () => watchers.close());
  const call = endpoints.inhouse;

  if (options.leader) {
    const leader = crashLeader({
      game,
      connect: () => dedicatedClientOf(deps.db),
      merchants: merchantsToLead,
      schedule: options.leader,
      onError: (error) => {
        if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'crash leader: a step failed (retrying)');
      },
    });
    app.addHook('onReady', () => leader.start());
    app.addHook('preClose', () => leader.stop());
  }

  registerEndpoint(app, deps, call.crashState, async ({ req, merchant }) => ({
    ...(await game.state(merchant.id, req.member ?? null)),
    serverTime: new Date().toISOString(),
  }));
  registerEndpoint(app, deps, call.crashBet, ({ req, merchant, body }) => game.bet(req.member!, merchant, body));
  registerEndpoint(app, deps, call.crashCashOut, ({ req, body }) => game.cashOut(req.member!, body));
  registerEndpoint(app, deps, call.crashEvents, async ({ req, reply, merchant }) => {
    try {
      await watchers.ready();
    } catch (error) {
      req.log.error({ err: error }, 'crash events: cannot listen');
      throw new AppError('server.network_abnormal');
    }
    let remove = () => {};
    const stream = openEventStream(req, reply, { heartbeatMs: options.heartbeatMs, onClose: () => remove() });
    remove = watchers.add(merchant.id, {
      send: (event) => stream.send(event.type, event),
      close: stream.close,
    });
    return undefined as never;
  });

  /** Merchants whose crash game is listed and on, and those with a round or bet to finish (crash-leader's deps). */
  async function merchantsToLead(): Promise<{ id: number; playable: boolean }[]> {
    const playable = await deps.db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select('v.merchant_id')
      .distinct()
      .where('v.wallet_mode', '=', 'inhouse')
      .where('g.vendor_game_id', '=', 'crash')
      .where('g.status', '=', 'on')
      .where('v.status', '=', 'on')
      .execute();
    const unfinished = await deps.db
      .selectFrom('crash_rounds as c')
      .select('c.merchant_id')
      .distinct()
      .where((eb) =>
        eb.or([
          eb('c.state', '<>', 'crashed'),
          eb.exists(
            eb
              .selectFrom('inhouse_rounds as r')
              .select('r.id')
              .whereRef('r.crash_round_id', '=', 'c.id')
              .where('r.state', '=', 'open'),
          ),
        ]),
      )
      .execute();
    const on = new Set(playable.map((row) => row.merchant_id));
    const ids = new Set([...on, ...unfinished.map((row) => row.merchant_id)]);
    return [...ids].map((id) => ({ id, playable: on.has(id) }));
  }

  return { game, watchers };
}
