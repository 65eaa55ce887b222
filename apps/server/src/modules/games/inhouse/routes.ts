import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { DICE, MINES, andarBaharRtp, decimal, slotRtp } from '@khela/games';
import { endpoints, INHOUSE_GAMES, type InhouseGameName, type Language } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { AppDeps } from '../../../deps.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { ledger as createLedger } from '../../ledger/ledger.ts';
import { pickLocalized } from '../../system/localized.ts';
import { effectiveStatus } from '../catalogue/games-repository.ts';
import { listInhouseGamesForOperator } from './admin-games.ts';
import { inhousePlays } from './play.ts';
import { inhouseRounds } from './rounds.ts';
import { inhouseSweeper, scheduleInhouseSweeper } from './sweeper.ts';
import { registerCrashRoutes, type CrashOptions } from './crash/routes.ts';

const percent = (numerator: bigint, denominator: bigint) => decimal({ numerator: numerator * 100n, denominator }, 4);

const SLOT_RTP = slotRtp().rtp;

/** Each game's theoretical return to player (Andar Bahar: its lower side, Andar). */
export const THEORETICAL_RTP: Record<InhouseGameName, string> = {
  dice: percent(BigInt(DICE.rtpBp), 10_000n),
  mines: percent(BigInt(MINES.rtpBp), 10_000n),
  slot: percent(SLOT_RTP.numerator, SLOT_RTP.denominator),
  'andar-bahar': percent(BigInt(andarBaharRtp('andar').numerator), BigInt(andarBaharRtp('andar').denominator)),
  crash: percent(99n, 100n),
};

/** Our own games (issue 12): the fairness calls, each game's bets and the rounds' recall. */
export function registerInhouseRoutes(app: FastifyInstance, deps: AppDeps, crash: CrashOptions = {}) {
  const batchSizes = new Histogram({
    name: 'inhouse_round_batch_size',
    help: 'In-house rounds written by one statement and commit (group commit)',
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [app.metrics],
  });
  const rounds = inhouseRounds({
    db: deps.db,
    ledger: createLedger(deps),
    secrets: deps.secrets,
    changes: deps.changes,
    onRoundBatch: (size) => batchSizes.observe(size),
  });
  const plays = inhousePlays(rounds);
  scheduleInhouseSweeper(app, inhouseSweeper(deps.db, rounds));
  registerCrashRoutes(app, deps, rounds, crash);
  const call = endpoints.inhouse;

  registerEndpoint(app, deps, call.games, async ({ merchant, language }) => ({
    games: await listGames(merchant.id, language, merchant.defaultLanguage),
  }));
  registerEndpoint(app, deps, call.fairness, ({ req }) => rounds.pairs.fairness(req.member!));
  registerEndpoint(app, deps, call.rotateSeed, ({ req, body }) => rounds.rotate(req.member!, body.clientSeed));
  registerEndpoint(app, deps, call.diceBet, ({ req, merchant, body }) => plays.dice(req.member!, merchant, body));
  registerEndpoint(app, deps, call.slotSpin, ({ req, merchant, body }) => plays.slot(req.member!, merchant, body));
  registerEndpoint(app, deps, call.andarBaharBet, ({ req, merchant, body }) =>
    plays.andarBahar(req.member!, merchant, body),
  );
  registerEndpoint(app, deps, call.minesStart, ({ req, merchant, body }) =>
    plays.minesStart(req.member!, merchant, body),
  );
  registerEndpoint(app, deps, call.minesReveal, ({ req, body }) => plays.minesReveal(req.member!, body));
  registerEndpoint(app, deps, call.minesCashOut, ({ req, body }) => plays.minesCashOut(req.member!, body));
  registerEndpoint(app, deps, call.openRound, ({ req, query }) => rounds.openRound(req.member!, query.game));
  registerEndpoint(app, deps, call.rounds, ({ req, merchant, query }) =>
    rounds.list(req.member!, query, merchant.timeZone),
  );
  registerEndpoint(app, deps, call.round, ({ req, params }) => rounds.roundOf(req.member!, params.roundId));
  registerEndpoint(app, deps, endpoints.admin.games.inhouseGames, ({ merchant }) =>
    listInhouseGamesForOperator(deps.db, merchant.id, THEORETICAL_RTP),
  );
  registerEndpoint(app, deps, endpoints.admin.games.inhouseRound, ({ merchant, params }) =>
    rounds.roundForOperator(merchant.id, params.roundId),
  );

  async function listGames(merchantId: number, language: Language, fallback: Language) {
    const rows = await deps.db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select([
        'g.id',
        'g.game_code',
        'g.vendor_game_id',
        'g.name',
        'g.status',
        'g.min_bet',
        'g.max_bet',
        'v.status as vendor_status',
      ])
      .where('v.merchant_id', '=', merchantId)
      .where('v.wallet_mode', '=', 'inhouse')
      .where('g.vendor_game_id', 'in', [...INHOUSE_GAMES])
      .orderBy('g.sort_order')
      .orderBy('g.id')
      .execute();
    return rows.map((row) => {
      const status = effectiveStatus({ game: row, vendor: { status: row.vendor_status } });
      const game = row.vendor_game_id as InhouseGameName;
      return {
        game,
        gameCode: row.game_code,
        nodeId: row.id,
        name: pickLocalized(row.name, language, fallback),
        status,
        minBet: toDecimalString(row.min_bet),
        maxBet: toDecimalString(row.max_bet),
        rtp: THEORETICAL_RTP[game],
      } as const;
    });
  }
}
