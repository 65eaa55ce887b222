import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';

const INT8_OID = 20;

/** BIGINT columns (money, ledger ids) come back as bigint, never as a lossy number or string. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export type Db = Kysely<Database>;

/** SQLSTATE 57P01: the server is shutting down and closed the connection. */
const ADMIN_SHUTDOWN = '57P01';
let stopping = false;
let shutdownReported = false;

/** The process is stopping on purpose: connections PostgreSQL closes from now on are expected. */
export function markStopping(): void {
  stopping = true;
}

/**
 * An idle connection losing its server must not crash the process (GOTCHAS). When PostgreSQL
 * shuts down it closes every connection at once (Ctrl-C reaches the bundled server too): that is
 * said once, and not at all when we are stopping anyway.
 */
function reportConnectionError(what: string, error: Error & { code?: string }) {
  if (stopping) return;
  if (error.code === ADMIN_SHUTDOWN) {
    if (!shutdownReported) console.error('PostgreSQL is shutting down: its connections were closed.');
    shutdownReported = true;
    return;
  }
  // After a shutdown each connection also ends without a code ("terminated unexpectedly"): said already.
  if (!error.code && shutdownReported) return;
  console.error(what, error.message);
}

/**
 * Whether a background task's error is only the database going away in a shutdown (ours, or
 * PostgreSQL's own on Ctrl-C): not worth a warning. A lost connection at any other time is.
 */
export function isDatabaseGoingAway(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (stopping || code === ADMIN_SHUTDOWN) return true;
  return shutdownReported && (!code || code === 'ECONNREFUSED' || message === 'Connection terminated unexpectedly');
}

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types });
  pool.on('error', (error) => reportConnectionError('postgres pool error', error));
  // pg-pool listens for errors on idle clients only: one lost while checked out (a leader's or a
  // listener's long step) must not crash the process either; its query fails and says so.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

const poolsOfDbs = new WeakMap<Db, pg.Pool>();

export function createDb(pool: pg.Pool): Db {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolsOfDbs.set(db, pool);
  return db;
}

/**
 * A dedicated connection to the database of `db`, outside its pool (LISTEN needs one connection
 * held for the process's lifetime). Null when `db` was not made by createDb.
 */
export function dedicatedClientOf(db: Db): pg.Client | null {
  const pool = poolsOfDbs.get(db);
  if (!pool) return null;
  const client = new pg.Client({ ...pool.options, types });
  // A lost connection must not crash the process; its owner reconnects (GOTCHAS).
  client.on('error', (error) => reportConnectionError('postgres listener error', error));
  return client;
}

/**
 * Runs a hot statement as a named prepared statement of `db`'s pool: parsed and planned once per
 * connection instead of on every call, as Kysely's unnamed statements are. Fixed SQL text only.
 */
export async function runPrepared<Row extends pg.QueryResultRow>(
  db: Db,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  const pool = poolsOfDbs.get(db);
  if (!pool) throw new Error('runPrepared needs a Db made by createDb');
  return (await pool.query<Row>({ ...statement, values })).rows;
}
