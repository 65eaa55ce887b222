import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded.ts';

const run = promisify(execFile);

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The benchmarks' PostgreSQL (`npm run bench:wallet`, `bench:lobby`): DATABASE_URL, an admin URL,
 * else a bundled one in a temporary directory (which is also the server's DATA_DIR). Scratch
 * databases are created on it and dropped again by `stop`, with the bundled server and directory.
 */
export async function benchPostgres() {
  const dataDir = await mkdtemp(join(tmpdir(), 'khela-bench-'));
  await chmod(dataDir, 0o755);
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('Starting a bundled PostgreSQL …');
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url('postgres');
  }
  const serverUrl = adminUrl;
  const suffix = randomBytes(4).toString('hex');
  const created: string[] = [];
  return {
    dataDir,
    /** Creates `khela_<purpose>_<random>`; answers its name and URL. */
    async createDatabase(purpose: string): Promise<{ name: string; url: string }> {
      const name = `khela_${purpose}_${suffix}`;
      await admin(serverUrl, `CREATE DATABASE ${name}`);
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { name, url: url.toString() };
    },
    async stop() {
      for (const name of created) {
        await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      }
      await embedded?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of sorted numbers (NaN for none). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function pgbenchBinary(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin/pgbench'))) return join(root, v, 'bin/pgbench');
  throw new Error('pgbench not found: apt-get install -y postgresql-client (or set PGBENCH)');
}

/**
 * The reference every money benchmark prints beside its figure: `pgbench -b tpcb-like` on a scratch
 * database of the same PostgreSQL, initialised at `scale`, run while the server is idle.
 */
export async function pgbenchReference(postgres: Awaited<ReturnType<typeof benchPostgres>>, scale: number) {
  const binary = pgbenchBinary();
  const database = await postgres.createDatabase('pgbench');
  const url = new URL(database.url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const common = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)];
  console.log(`pgbench -i -s ${scale} …`);
  await run(binary, [...common, '-i', '-q', '-s', String(scale), database.name], { env });
  return {
    /** pgbench for `seconds` with `clients`: its transactions per second. */
    async tps(clients: number, seconds: number): Promise<number> {
      const { stdout } = await run(
        binary,
        [
          ...common,
          ...['-b', 'tpcb-like', '-c', String(clients), '-j', String(Math.min(clients, cpus().length))],
          ...['-T', String(seconds), database.name],
        ],
        { env },
      );
      return Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    },
  };
}

/**
 * A closed loop of `clients` callers for `seconds`: each sends its next request as soon as the last
 * is answered. `send(client)` answers whether the request was accepted; the accepted ones' latencies
 * go into `latencies`. Answers how many were refused.
 */
export async function driveClients(
  clients: number,
  seconds: number,
  latencies: number[],
  send: (client: number) => Promise<boolean>,
): Promise<number> {
  let refused = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        if (await send(client)) latencies.push(performance.now() - started);
        else refused++;
      }
    }),
  );
  return refused;
}
