import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/db/database.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { driveClients, percentile, type benchPostgres, type pgbenchReference } from './bench-postgres.ts';

/**
 * What bench:sports and bench:lottery share: bets placed through HTTP on the real server beside
 * pgbench (the same settings, runs and table), the statements and waits they cost, and the CPU and
 * statements of a settlement.
 */
export const placementSettings = () => {
  /** BENCH_CLIENTS=none measures the settlement only (no server). */
  const clientCounts = (process.env.BENCH_CLIENTS ?? '8,32')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? 15),
    clientCounts,
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    members: Math.max(32, ...clientCounts),
  };
};
type Settings = ReturnType<typeof placementSettings>;

const STATEMENT_COUNTER = join(import.meta.dirname, 'count-statements.ts');

/**
 * The real server as a child process (NODE_ENV=production) for the benchmark's clients.
 * BENCH_PROFILE=<dir>: its CPU profile (node --cpu-prof) written there as it stops;
 * BENCH_STATEMENTS=1: the statements it sends counted (count-statements.ts), read by `statements()` once it stopped.
 */
export async function benchServer(url: string, postgres: Awaited<ReturnType<typeof benchPostgres>>) {
  const countsFile = process.env.BENCH_STATEMENTS ? join(tmpdir(), `khela-statements-${process.pid}.json`) : undefined;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = serverProcess({
    databaseUrl: url,
    port: await freePort(),
    dataDir: postgres.dataDir,
    poolSize: Number(process.env.BENCH_POOL_SIZE ?? 16),
    nodeArgs: [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      ...(countsFile ? ['--import', 'tsx', '--import', STATEMENT_COUNTER] : []),
    ],
    env: {
      NODE_ENV: 'production',
      WIRE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ...(countsFile && { BENCH_STATEMENT_COUNTS: countsFile }),
    },
  });
  await server.start();
  return {
    server,
    /** The server process's CPU seconds so far (user + system; Linux /proc, 0 elsewhere). */
    cpuSeconds(): number {
      try {
        const stat = readFileSync(`/proc/${server.pid()}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return 0;
      }
    },
    /** The server's statements by text and count (after it stopped; empty without BENCH_STATEMENTS). */
    statements(): [string, number][] {
      if (!countsFile) return [];
      try {
        return Object.entries(JSON.parse(readFileSync(countsFile, 'utf8')) as Record<string, number>);
      } finally {
        rmSync(countsFile, { force: true });
      }
    },
  };
}

/** BENCH_WAITS=1: what the server's connections are doing (pg_stat_activity, every 50 ms). */
async function sampleWaits(db: Db, seconds: number) {
  const counts = new Map<string, number>();
  const deadline = Date.now() + seconds * 1000;
  let samples = 0;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ what: string; n: number }>`
      SELECT coalesce(wait_event_type || ':' || wait_event, state, '?')
             || CASE WHEN wait_event_type = 'Lock' THEN ' (' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 60) || ')' ELSE '' END
             AS what, count(*)::int AS n
        FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'pgbench'
       GROUP BY 1`.execute(db);
    for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
    samples++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`)
    .join(', ');
}

/**
 * `send` (one bet through HTTP; true when accepted) in a closed loop of each client count, taking
 * turns with pgbench -b tpcb-like in `rounds` slices: one markdown row per client count.
 * `batches` (the server's batch-size histogram: count and sum) prints the mean batch of each client count.
 */
export async function placementRuns(
  settings: Settings,
  what: string,
  pgbench: Awaited<ReturnType<typeof pgbenchReference>>,
  db: Db,
  send: (client: number) => Promise<boolean>,
  serverCpuSeconds?: () => number,
  databaseUrl?: string,
  batches?: () => Promise<{ count: number; sum: number }>,
): Promise<{ rows: string[]; placed: number; marginalCpuPerBet?: number; postgresCpuPerBet?: number }> {
  const { seconds, rounds } = settings;
  const rows: string[] = [];
  let placed = 0;
  // The server's CPU in the bets' turns and in pgbench's (its periodic jobs alone), so the cost of
  // a bet can be told from what the server spends anyway.
  // The database's backends' CPU in the bets' turns too (its own, not pgbench's database).
  const turns = { betCpu: 0, betSeconds: 0, bets: 0, idleCpu: 0, idleSeconds: 0, betPostgres: 0 };
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
  const timed = async <T>(run: () => Promise<T>, into: 'bet' | 'idle') => {
    const cpu = serverCpuSeconds?.() ?? 0;
    const backends = database ? backendCpuTicks(database) : undefined;
    const started = performance.now();
    const result = await run();
    turns[`${into}Cpu`] += (serverCpuSeconds?.() ?? 0) - cpu;
    turns[`${into}Seconds`] += (performance.now() - started) / 1000;
    if (backends && into === 'bet') {
      for (const [pid, now] of backendCpuTicks(database!)) turns.betPostgres += (now - (backends.get(pid) ?? 0)) / 100;
    }
    return result;
  };
  const warmUp: number[] = [];
  await driveClients(8, Math.min(3, seconds), warmUp, send);
  placed += warmUp.length;
  for (const clients of settings.clientCounts) {
    console.log(
      `${clients} clients: ${what} and pgbench -b tpcb-like, ${seconds} s each (load ${loadavg()[0]!.toFixed(1)}) …`,
    );
    const latencies: number[] = [];
    let refused = 0;
    let tpsSum = 0;
    const batchesBefore = await batches?.();
    for (let round = 0; round < rounds; round++) {
      const sampling = process.env.BENCH_WAITS ? sampleWaits(db, seconds / rounds) : undefined;
      const before = latencies.length;
      refused += await timed(() => driveClients(clients, seconds / rounds, latencies, send), 'bet');
      turns.bets += latencies.length - before;
      if (sampling) console.log(`  server connections by state/wait event: ${await sampling}`);
      tpsSum += await timed(() => pgbench.tps(clients, seconds / rounds), 'idle');
    }
    const tps = tpsSum / rounds;
    if (batchesBefore) {
      const after = await batches!();
      const mean = (after.sum - batchesBefore.sum) / (after.count - batchesBefore.count);
      console.log(`  ${clients} clients: ${mean.toFixed(1)} ${what} a batch`);
    }
    const sorted = latencies.sort((a, b) => a - b);
    placed += sorted.length;
    const perSecond = sorted.length / seconds;
    rows.push(
      `| ${clients} | ${perSecond.toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${tps.toFixed(0)} | ${(perSecond / tps).toFixed(2)} |${refused ? ` (${refused} refused)` : ''}`,
    );
  }
  if (!serverCpuSeconds || turns.bets === 0 || turns.idleSeconds === 0) return { rows, placed };
  const background = (turns.idleCpu / turns.idleSeconds) * turns.betSeconds;
  return {
    rows,
    placed,
    marginalCpuPerBet: Math.max(0, turns.betCpu - background) / turns.bets,
    ...(database && { postgresCpuPerBet: turns.betPostgres / turns.bets }),
  };
}

/**
 * The server's CPU time per bet placed (it idles between the runs) and, with BENCH_STATEMENTS=1,
 * its statements per bet, the most frequent first.
 */
export function printServerCostPerBet(
  cpuSeconds: number,
  statements: [string, number][],
  placed: number,
  what: string,
  marginalCpuPerBet?: number,
  postgresCpuPerBet?: number,
) {
  if (placed === 0) return;
  console.log(`Server CPU per ${what} placed: ${((cpuSeconds * 1e6) / placed).toFixed(0)} µs (${placed} placed)`);
  if (marginalCpuPerBet !== undefined) {
    console.log(
      `  of it the ${what}s' own (their turns less the server's CPU rate while pgbench ran): ${(marginalCpuPerBet * 1e6).toFixed(0)} µs`,
    );
  }
  if (postgresCpuPerBet !== undefined) {
    console.log(
      `PostgreSQL CPU per ${what} (its backends, in the ${what}s' turns): ${(postgresCpuPerBet * 1e6).toFixed(0)} µs`,
    );
  }
  if (statements.length === 0) return;
  const total = statements.reduce((sum, [, n]) => sum + n, 0);
  console.log(`Server statements per ${what} placed (${placed} placed): ${(total / placed).toFixed(1)}`);
  for (const [text, n] of statements.sort((a, b) => b[1] - a[1]).slice(0, 16)) {
    console.log(`  ${(n / placed).toFixed(2)} × ${text}`);
  }
}

/** The placement table: `unit` per second beside pgbench's tps. */
export function printPlacementTable(title: string, unit: string, settings: Settings, rows: string[]) {
  console.log('');
  console.log(
    `${title} (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${settings.seconds} s per run)`,
  );
  console.log(`| clients | ${unit}/s | p50 ms | p99 ms | pgbench tps | ${unit}/s ÷ tps |`);
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
}

export function printLoadAverage() {
  console.log(
    `Load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}.`,
  );
}

/** BENCH_STATEMENTS=1: this process's statements by total time (its pg clients, wall clock). */
export function timeStatements() {
  const query = pg.Client.prototype.query;
  const totals = new Map<string, { ms: number; calls: number }>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 70);
    const started = performance.now();
    const done = () => {
      const total = totals.get(text) ?? { ms: 0, calls: 0 };
      total.ms += performance.now() - started;
      total.calls += 1;
      totals.set(text, total);
    };
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  } as typeof query;
  return {
    report() {
      pg.Client.prototype.query = query;
      for (const [text, { ms, calls }] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
        console.log(`  ${(ms / 1000).toFixed(1)} s in ${calls} × ${text}`);
      }
    },
  };
}

/**
 * CPU ticks (user + system) of each PostgreSQL process serving `database` on this machine (its
 * backends and autovacuum workers), by pid (Linux /proc; empty elsewhere).
 */
function backendCpuTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return ticks;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

/**
 * CPU seconds a settlement uses from now, in this Node process and in the PostgreSQL processes of
 * `url`'s database (one that ends meanwhile is left out), so its cost reads apart from the load.
 */
export function settlementCpu(url: string) {
  const database = new URL(url).pathname.slice(1);
  const node = process.cpuUsage();
  const postgres = backendCpuTicks(database);
  return () => {
    const used = process.cpuUsage(node);
    let ticks = 0;
    for (const [pid, now] of backendCpuTicks(database)) ticks += now - (postgres.get(pid) ?? 0);
    const cpu = { node: (used.user + used.system) / 1e6, postgres: ticks / 100 };
    return `CPU used by the settlement: ${cpu.node.toFixed(1)} s in Node, ${cpu.postgres.toFixed(1)} s in PostgreSQL (${(cpu.node + cpu.postgres).toFixed(1)} s in all: on an idle machine it takes about that, shared by the cores it keeps busy).`;
  };
}
