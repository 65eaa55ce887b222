import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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

  /**
   * Merchants whose crash game is listed and on, and those with a round or bet to finish (crash-leader's deps).
   * Asked every second by every instance: one round trip of index lookups (the partial indexes of
   * live rounds and of open in-house rounds), never a scan of every round ever played.
   */
  async function merchantsToLead(): Promise<{ id: number; playable: boolean }[]> {
    const rows = await deps.db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select(['v.merchant_id', sql<boolean>`true`.as('playable')])
      .where('v.wallet_mode', '=', 'inhouse')
      .where('g.vendor_game_id', '=', 'crash')
      .where('g.status', '=', 'on')
      .where('v.status', '=', 'on')
      .union(
        deps.db
          .selectFrom('crash_rounds')
          .select(['merchant_id', sql<boolean>`false`.as('playable')])
          .where('state', '<>', 'crashed'),
      )
      .union(
        deps.db
          .selectFrom('inhouse_rounds as r')
          .innerJoin('crash_rounds as c', 'c.id', 'r.crash_round_id')
          .select(['c.merchant_id', sql<boolean>`false`.as('playable')])
          .where('r.state', '=', 'open')
          .where('r.crash_round_id', 'is not', null),
      )
      .execute();
    const playable = new Map<number, boolean>();
    for (const row of rows) playable.set(row.merchant_id, row.playable || (playable.get(row.merchant_id) ?? false));
    return [...playable].map(([id, on]) => ({ id, playable: on }));
  }

  return { game, watchers };
}
