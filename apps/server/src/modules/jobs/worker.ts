import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner } from 'graphile-worker';
import pg from 'pg';
import { isDatabaseGoingAway, type Db } from '../../db/database.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { crontabLine, FORMER_PROGRAMME_TASKS, periodicTasks, PROGRAMMES_TASK, type PeriodicTask } from './tasks.ts';

/** How long the worker waits before starting again after it stopped on its own (PostgreSQL away). */
const RESTART_AFTER_MS = 5_000;

export interface JobWorker {
  stop(): Promise<void>;
}

/**
 * Starts the job worker on the server's PostgreSQL: the periodic passes of tasks.ts (agent
 * settlement, report roll-ups, the house-paid programmes, points, missions, promotions, red
 * envelopes and raffles) on a job queue in the database, graphile-worker, not timers in one
 * process (issue 13 item 4, issue 14 item 9). Its tables live in the `graphile_worker` schema,
 * which it migrates itself.
 *
 * PostgreSQL going away must not take the server down (GOTCHAS): the worker gets a pool of ours
 * whose lost connections are quiet, completes and fails jobs in batches (graphile-worker handles a
 * batch's errors; a lone completion's rejection would be unhandled), and when it stops on its own
 * it starts again a few seconds later. In a shutdown it stops first and says nothing.
 */
export async function startJobWorker({
  connectionString,
  db,
  log,
  secrets,
}: {
  /** Its own small pool: the server's parses BIGINT as bigint, which graphile-worker does not expect. */
  connectionString: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Passes that make catalogue rows need it (the sportsbook feed); without it they are left out. */
  secrets?: SecretBox | undefined;
}): Promise<JobWorker> {
  const tasks = periodicTasks(db, secrets);
  const runTask = (task: PeriodicTask) => async () => {
    for (const note of await task.pass(new Date())) log.info(note.details, note.message);
  };
  let stopping = false;
  const quiet = (error: unknown) => stopping || isDatabaseGoingAway(error);
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', (error) => {
    if (!quiet(error)) log.warn({ err: error }, 'job worker: a PostgreSQL connection was lost');
  });
  pool.on('connect', (client) => client.on('error', () => undefined));
  const logger = new Logger((scope) => (level, message, meta) => {
    const entry = { scope: scope.label, ...meta };
    const error = (meta as { error?: unknown; fatalError?: unknown } | undefined)?.error ?? meta?.fatalError;
    if ((level === 'error' || level === 'warning') && quiet(error)) log.debug(entry, `job worker: ${message}`);
    else if (level === 'error') log.error(entry, `job worker: ${message}`);
    else if (level === 'warning') log.warn(entry, `job worker: ${message}`);
    else log.debug(entry, `job worker: ${message}`);
  });

  const start = async (): Promise<Runner> => {
    const runner = await run({
      pgPool: pool,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 10_000,
      logger,
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      crontab: tasks.map(crontabLine).join('\n'),
      taskList: Object.fromEntries([
        ...tasks.map((task) => [task.name, runTask(task)] as const),
        ...FORMER_PROGRAMME_TASKS.map(
          (name) => [name, runTask(tasks.find((t) => t.name === PROGRAMMES_TASK)!)] as const,
        ),
      ]),
    });
    // A pass of each at start: downtime is caught up at once.
    for (const task of tasks) {
      await runner.addJob(task.name, {}, { jobKey: task.name, jobKeyMode: 'preserve_run_at' });
    }
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
    log.warn('job worker: stopped on its own; starting again shortly');
    timer = setTimeout(() => {
      start().then(
        (runner) => {
          if (stopping) void runner.stop().catch(() => undefined);
          else current = runner;
        },
        (error: unknown) => {
          if (!quiet(error)) log.warn({ err: error }, 'job worker: could not start again');
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
