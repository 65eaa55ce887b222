import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { testSecretsEnv } from '../helpers/secrets.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

function healthy(baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest(new URL('/readyz', baseUrl), { method: 'GET', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`, never through
 * npm: a signal to npm would not reach node, GOTCHAS), on an external PostgreSQL, so the test can
 * SIGKILL it mid-request and start it again.
 */
export function serverProcess(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  poolSize?: number;
  /** Extra environment, applied last (the benchmark runs NODE_ENV=production). */
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof to profile the server). */
  nodeArgs?: string[];
}) {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const output: string[] = [];
  const baseUrl = `http://127.0.0.1:${options.port}`;

  async function start(): Promise<void> {
    const started = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: options.databaseUrl,
          HOST: '127.0.0.1',
          PORT: String(options.port),
          DATA_DIR: options.dataDir,
          SEED_DEMO: '0',
          DEV_ENDPOINTS: '0',
          // DEV_ENDPOINTS=1 would also start the sandbox vendor and the sandbox sports feed, two more
          // tsx processes a start, which a SIGKILL leaves behind holding their ports: no test uses them.
          SANDBOX_VENDOR: '0',
          LOG_LEVEL: 'error',
          WEB_DIST: '/nonexistent',
          DB_POOL_SIZE: String(options.poolSize ?? 10),
          ...testSecretsEnv,
          INIT_CWD: REPO_ROOT,
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      if (output.length > 200) output.shift();
    };
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    while (!(await healthy(baseUrl))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the server did not start:\n${output.join('').slice(-3000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown at all, open transactions die with their connections. */
  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    child = undefined;
  }

  return { baseUrl, start, kill, output: () => output.join(''), pid: () => child?.pid };
}
