import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner } from 'graphile-worker';
import pg from 'pg';
import { isDatabaseGoingAway, type Db } from '../../../db/database.ts';
import { ledger as createLedger } from '../../ledger/ledger.ts';
import { rebates } from '../../rebates/rebates.ts';
import { referralRewards } from '../referral/rewards.ts';
import { vipRanks } from '../../vip/vip.ts';
import { agentRollup, ROLLUP_CRONTAB, ROLLUP_TASK } from '../reports/rollup.ts';
import { agentSettlement } from './settlement.ts';

export const SETTLEMENT_TASK = 'agent_settlement';
/**
 * Every 5 minutes (real-time salary's rhythm, §4); each pass settles every due period of every
 * contract — hourly, daily and dividend periods included — so one schedule serves all kinds.
 * graphile-worker's cron records each tick in PostgreSQL (known_crontabs), so with several server
 * instances a tick is queued once; the job key keeps at most one pass queued at a time, and the
 * per-contract row lock with SKIP LOCKED keeps two passes from settling the same contract at once.
 */
export const SETTLEMENT_CRONTAB = `*/5 * * * * ${SETTLEMENT_TASK} ?jobKey=${SETTLEMENT_TASK}&jobKeyMode=preserve_run_at&max=3`;

export const REFERRAL_TASK = 'referral_rewards';
/** Referral rewards (§2 Refer and Earn) for the days that closed in each merchant's zone; one pass queued at a time. */
export const REFERRAL_CRONTAB = `*/15 * * * * ${REFERRAL_TASK} ?jobKey=${REFERRAL_TASK}&jobKeyMode=preserve_run_at&max=3`;

export const VIP_TASK = 'vip_ranks';
/** VIP ranks (issue 14 item 4): the 1st-of-month reviews and monthly bonuses that are due, then promotions. */
export const VIP_CRONTAB = `*/5 * * * * ${VIP_TASK} ?jobKey=${VIP_TASK}&jobKeyMode=preserve_run_at&max=3`;

export const REBATE_TASK = 'rebates';
/** Automatic player rebates (issue 14 item 5) for the days that closed in each merchant's zone; one pass queued at a time. */
export const REBATE_CRONTAB = `*/15 * * * * ${REBATE_TASK} ?jobKey=${REBATE_TASK}&jobKeyMode=preserve_run_at&max=3`;

/** How long the worker waits before starting again after it stopped on its own (PostgreSQL away). */
const RESTART_AFTER_MS = 5_000;

export interface SettlementWorker {
  stop(): Promise<void>;
}

/**
 * Starts the settlement worker on the server's PostgreSQL (issue 13 item 4: a job queue in the
 * database, graphile-worker, not timers in one process). Its tables live in the `graphile_worker`
 * schema, which it migrates itself. A pass is also queued at start, so downtime is caught up at once.
 *
 * PostgreSQL going away must not take the server down (GOTCHAS): the worker gets a pool of ours
 * whose lost connections are quiet, completes and fails jobs in batches (graphile-worker handles a
 * batch's errors; a lone completion's rejection would be unhandled), and when it stops on its own
 * it starts again a few seconds later. In a shutdown it stops first and says nothing.
 */
export async function startSettlementWorker({
  connectionString,
  db,
  log,
}: {
  /** Its own small pool: the server's parses BIGINT as bigint, which graphile-worker does not expect. */
  connectionString: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<SettlementWorker> {
  const settlement = agentSettlement({ db, ledger: createLedger({ db }) });
  const referral = referralRewards({ db, ledger: createLedger({ db }) });
  const rollup = agentRollup({ db });
  const rebate = rebates({ db, ledger: createLedger({ db }) });
  const vip = vipRanks({ db, ledger: createLedger({ db }) });
  let stopping = false;
  const quiet = (error: unknown) => stopping || isDatabaseGoingAway(error);
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', (error) => {
    if (!quiet(error)) log.warn({ err: error }, 'settlement worker: a PostgreSQL connection was lost');
  });
  pool.on('connect', (client) => client.on('error', () => undefined));
  const logger = new Logger((scope) => (level, message, meta) => {
    const entry = { scope: scope.label, ...meta };
    const error = (meta as { error?: unknown; fatalError?: unknown } | undefined)?.error ?? meta?.fatalError;
    if ((level === 'error' || level === 'warning') && quiet(error)) log.debug(entry, `settlement worker: ${message}`);
    else if (level === 'error') log.error(entry, `settlement worker: ${message}`);
    else if (level === 'warning') log.warn(entry, `settlement worker: ${message}`);
    else log.debug(entry, `settlement worker: ${message}`);
  });

  const start = async (): Promise<Runner> => {
    const runner = await run({
      pgPool: pool,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 10_000,
      logger,
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      crontab: [SETTLEMENT_CRONTAB, REFERRAL_CRONTAB, ROLLUP_CRONTAB, VIP_CRONTAB].join('\n'),
      taskList: {
        [SETTLEMENT_TASK]: async () => {
          const result = await settlement.runPass(new Date());
          if (result.periods) log.info(result, 'agent settlement: pass done');
        },
        [REFERRAL_TASK]: async () => {
          const result = await referral.runPass(new Date());
          if (result.days) log.info(result, 'referral rewards: pass done');
        },
        // The team reports' roll-up of closed days (issue 13 item 7); at start it catches up.
        [VIP_TASK]: async () => {
          const result = await vip.runPass(new Date());
          if (result.months || result.promotions) log.info(result, 'vip ranks: pass done');
        },
        [ROLLUP_TASK]: async () => {
          const result = await rollup.runPass(new Date());
          if (result.days) log.info(result, 'agent reports: days rolled up');
        },
        [REBATE_TASK]: async () => {
          const result = await rebate.runPass(new Date());
          if (result.days) log.info(result, 'rebates: pass done');
        },
      },
    });
    await runner.addJob(SETTLEMENT_TASK, {}, { jobKey: SETTLEMENT_TASK, jobKeyMode: 'preserve_run_at' });
    await runner.addJob(REFERRAL_TASK, {}, { jobKey: REFERRAL_TASK, jobKeyMode: 'preserve_run_at' });
    await runner.addJob(ROLLUP_TASK, {}, { jobKey: ROLLUP_TASK, jobKeyMode: 'preserve_run_at' });
    await runner.addJob(REBATE_TASK, {}, { jobKey: REBATE_TASK, jobKeyMode: 'preserve_run_at' });
    await runner.addJob(VIP_TASK, {}, { jobKey: VIP_TASK, jobKeyMode: 'preserve_run_at' });
    void runner.promise.then(
      () => restart(),
      () => restart(),
    );
    return runner;
  };
  let current: Runner | null = await start();
  let timer: NodeJS.Timeout | undefined;
  function restart() {
    if (stopping) return;
    current = null;
    log.warn('settlement worker: stopped on its own; starting again shortly');
    timer = setTimeout(() => {
      start().then(
        (runner) => {
          if (stopping) void runner.stop().catch(() => undefined);
          else current = runner;
        },
        (error: unknown) => {
          if (!quiet(error)) log.warn({ err: error }, 'settlement worker: could not start again');
          restart();
        },
      );
    }, RESTART_AFTER_MS);
    timer.unref();
  }

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await current?.stop().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
